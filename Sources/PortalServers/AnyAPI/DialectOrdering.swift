import PortalCore
import PortalDemoModels

/// Django REST framework's `OrderingFilter` on the DRF-shaped routes (`next`,
/// `next-nocount`): `ordering=name`, `-name`, `id`, `-id`. As DRF does with a field not in
/// the view's `ordering_fields`, any other field is ignored and the list comes in its own
/// order — which is how portal's check that a server honoured a sort is tested. `name`
/// is sorted only on tables up to `maxSortedByName` (the snapshot's 826, not a `--scale`
/// million: ignored there, as an unindexed field would be refused).
struct DialectOrdering {
    static let maxSortedByName = 100_000
    /// The value as sent, kept on the paging links.
    let text: String
    /// Position in the ordered list → position in the table.
    private let table: (Int) -> Int

    /// The ordering `query` asks for on `style`'s route, nil when none is applied.
    init?(query: [(key: String, value: String)], style: PagingStyle, characters: any ItemTable<Character>) {
        guard style == .next || style == .nextNoCount, let text = query.first(where: { $0.key == "ordering" })?.value else { return nil }
        let descending = text.hasPrefix("-")
        let field = descending ? String(text.dropFirst()) : text
        let total = characters.count
        switch field {
        case "id":
            table = descending ? { total - 1 - $0 } : { $0 }
        case "name" where total <= Self.maxSortedByName:
            var positions = Array(0..<total)
            let names = positions.map { characters.item(at: $0).name }
            positions.sort { names[$0] == names[$1] ? $0 < $1 : (names[$0] < names[$1]) != descending }
            table = { positions[$0] }
        default:
            return nil
        }
        self.text = text
    }

    /// The table position of the item at `position` in this order.
    func tablePosition(_ position: Int) -> Int { table(position) }
}
