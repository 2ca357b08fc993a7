import Foundation
import PortalCore
import PortalJSON

extension GraphQLSource {
    /// A pushed record (a subscription's, selected as the list selects its items) is one
    /// row of the list, read as its pages' rows are, with the same nested links.
    public func liveItem(_ kind: ItemKind, record: JSONSpan) -> Item? {
        guard case .object = record.node else { return nil }
        let row = withNestedLinks(JSONItems.row(record, columns: nil, position: 0), list: kind.rawValue)
        return Item(Record(row: row, card: card), kind: kind)
    }
}
