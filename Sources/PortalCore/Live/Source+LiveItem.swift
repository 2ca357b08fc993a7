import Foundation
import PortalJSON

extension Source {
    /// By default a pushed record is read as the answer of an items request holding it
    /// alone (the built-in APIs read one object as one item).
    public func liveItem(_ kind: ItemKind, record: JSONSpan) -> Item? { itemLookedUp(kind, record: record) }

    /// `record` read as the answer of an items request holding it alone; nil when that
    /// is not one item.
    public func itemLookedUp(_ kind: ItemKind, record: JSONSpan) -> Item? {
        guard case .object = record.node else { return nil }
        let items = try? decodeItems(kind, HTTPResponse(status: 200, headers: ["content-type": "application/json"], body: Data(record.text.utf8)))
        return items?.count == 1 ? items?.first : nil
    }
}
