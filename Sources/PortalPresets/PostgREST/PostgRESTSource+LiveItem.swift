import Foundation
import PortalCore
import PortalJSON

extension PostgRESTSource {
    /// A row Realtime pushed (`postgres_changes`' `record`) is read as PostgREST's answer
    /// holding that row alone: an array of one.
    public func liveItem(_ kind: ItemKind, record: JSONSpan) -> Item? {
        guard case .object = record.node else { return nil }
        let body = Data(("[" + record.text + "]").utf8)
        let items = try? decodeItems(kind, HTTPResponse(status: 200, headers: ["content-type": "application/json"], body: body))
        return items?.count == 1 ? items?.first : nil
    }
}
