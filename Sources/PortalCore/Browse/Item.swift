/// One thing a list can hold, of any resource. An enum rather than an existential: the
/// payloads are stored inline (no box per item), and a switch in one place per concern
/// (decoding, presentation) keeps every resource described once.
public enum Item: Sendable, Hashable, Identifiable {
    /// A row of a table portal has no model for; `kind` is the table's (`ItemKind(rawValue: table)`).
    case row(Row, kind: ItemKind)
    /// An object of an API portal has no description for (`portal --url`); `kind` is the list's.
    case json(JSONItem, kind: ItemKind)

    /// Kind and key together: an episode and a character may share a number.
    public var id: ItemKey { ItemKey(kind, key) }

    /// The item's key within its kind: a row's `id` column (its position when it has
    /// none), a record's key fields (`ListSpec.key`).
    public var key: RecordKey {
        switch self {
        case .row(let r, _): r.key
        case .json(let j, _): j.id
        }
    }

    public var kind: ItemKind {
        switch self {
        case .row(_, let kind), .json(_, let kind): kind
        }
    }

    /// A number for the item within its kind: the id of the built-in models, a row's
    /// `RowNumber`. Identity is `key` (never hashed); this is for counting and tests.
    public var rawID: Int {
        switch self {
        case .row(let r, _): r.number
        case .json(let j, _): j.link.map { JSONLinks.id(of: $0.url.absoluteString) } ?? j.id.number ?? j.row.number
        }
    }

    /// Whether this is all the source can tell about the item. A summary is not — an entry
    /// of a list with an `item` route (a Pokémon from a list page: names only), or of an
    /// OpenAPI list with an item operation (`JSONCardChoice.hasDetail`): its pane asks for
    /// the record, and a cache never lets it replace or stand in for a complete one.
    public var isComplete: Bool {
        if case .json(let j, _) = self { return !j.card.hasDetail }
        return true
    }
}

extension PageContent {
    /// The same page with every item wrapped (`Item.json`, …).
    public func map<Other>(_ transform: (Item) -> Other) -> PageContent<Other> {
        var page = PageContent<Other>(items: items.map(transform), next: next, totalCount: totalCount, estimatedTotal: estimatedTotal, cache: cache)
        page.notice = notice
        page.addressing = addressing
        page.stop = stop
        return page
    }
}
