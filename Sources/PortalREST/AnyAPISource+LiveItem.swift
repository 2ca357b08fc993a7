import Foundation
import PortalCore
import PortalPaging
import PortalJSON

extension AnyAPISource {
    /// A pushed record is one row of the list, read as its pages' rows are.
    public func liveItem(_ kind: ItemKind, record: JSONSpan) -> Item? {
        guard case .object = record.node else { return nil }
        return Item(Record(row: JSONItems.row(record, columns: nil, position: 0), card: card), kind: kind)
    }
}
