/// One thing a list can hold, of any API: one record (`Record`: its fields as decoded
/// once, its list's spec, its key) and the list it belongs to. A PostgREST table's row is
/// a record like any other: what it shows differently (its columns, flat) its list's spec
/// says (`ListSpec.layout`), not its type.
///
/// A struct of two stored values: the record inline (its row and card choice are one
/// reference each), so a sparse list of 10,000 pages holds no extra box per item.
public struct Item: Sendable, Hashable, Identifiable {
    /// The record: its fields, its list's card choice and spec, its link and key.
    public var record: Record
    /// The list it belongs to (`ItemKind(rawValue: table)` for a table's rows).
    public let kind: ItemKind

    public init(_ record: Record, kind: ItemKind) {
        self.record = record
        self.kind = kind
    }

    /// Kind and key together: an episode and a character may share a number.
    public var id: ItemKey { ItemKey(kind, key) }

    /// The item's key within its kind: its list's key fields (`ListSpec.key`, `id` by
    /// default; a table's row's `id` column, its position when it has none).
    public var key: RecordKey { record.id }

    /// A number for the item within its kind: a followed link's number, the key when it
    /// is one, else the row's `RowNumber`. Identity is `key` (never hashed); this is for
    /// counting and tests.
    public var rawID: Int {
        record.link.map { JSONLinks.id(of: $0.url.absoluteString) } ?? record.id.number ?? record.row.number
    }

    /// Whether this is all the source can tell about the item. A summary is not — an entry
    /// of a list with an `item` route (a Pokémon from a list page: names only), or of an
    /// OpenAPI list with an item operation (`JSONCardChoice.hasDetail`): its pane asks for
    /// the record, and a cache never lets it replace or stand in for a complete one.
    public var isComplete: Bool { !record.card.hasDetail }
}

extension PageContent {
    /// The same page with every item wrapped (`Item(record, kind:)`, …).
    public func map<Other>(_ transform: (Item) -> Other) -> PageContent<Other> {
        var page = PageContent<Other>(items: items.map(transform), next: next, totalCount: totalCount, estimatedTotal: estimatedTotal, cache: cache)
        page.notice = notice
        page.addressing = addressing
        page.stop = stop
        return page
    }
}
