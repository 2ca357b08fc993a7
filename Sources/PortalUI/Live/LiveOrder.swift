import Foundation
import PortalCore

/// The order a live list's rows are in, so a created record goes where the server lists
/// it (issue 38, item 1): the sort in force on the server — the table's `s`/`S`, a
/// PostgREST table's `--order`, what a `--url` list's URL asks for (`order=id.desc`,
/// `ordering=-created`, …) — else the order of the loaded rows' keys (going down: a
/// newest-first list, new rows at the top), else none known: new rows go at the end, where
/// most servers add them.
struct LiveOrder: Equatable {
    /// One term: a field of the items (as their table cells read it), or their key.
    enum Term: Equatable {
        case field(String, descending: Bool)
        case key(descending: Bool)
    }

    var terms: [Term]

    /// No order known: nothing precedes anything, so a new record goes after every row.
    static let unknown = LiveOrder(terms: [])

    /// Whether `record` goes before `row`: strictly, so a record goes after the rows it ties with.
    func precedes(_ record: Item, _ row: Item) -> Bool {
        for term in terms {
            let order = Self.compare(record, row, by: term)
            if order != 0 { return order < 0 }
        }
        return false
    }

    /// New records go at the top (the first term descending).
    var isNewestFirst: Bool {
        switch terms.first {
        case .field(_, let descending)?, .key(let descending)?: descending
        case nil: false
        }
    }

    /// The server's order on the fields of `terms`.
    init(terms: [Term]) { self.terms = terms }

    init(_ sorted: [SortTerm]) {
        terms = sorted.map { .field($0.field, descending: $0.descending) }
    }

    /// The order of the keys of `rows` (the loaded ones, in index order): going down or up
    /// throughout, else none.
    static func ofKeys(_ rows: [Item]) -> LiveOrder {
        guard rows.count > 1 else { return .unknown }
        let steps = zip(rows, rows.dropFirst()).map { compare($0.key, $1.key) }
        if steps.allSatisfy({ $0 > 0 }) { return LiveOrder(terms: [.key(descending: true)]) }
        if steps.allSatisfy({ $0 < 0 }) { return LiveOrder(terms: [.key(descending: false)]) }
        return .unknown
    }

    // MARK: Comparing

    /// -1, 0 or 1: `a` before, with or after `b` by `term`.
    static func compare(_ a: Item, _ b: Item, by term: Term) -> Int {
        switch term {
        case .key(let descending):
            return compare(a.key, b.key) * (descending ? -1 : 1)
        case .field(let field, let descending):
            return compare(cell(a, field), cell(b, field)) * (descending ? -1 : 1)
        }
    }

    /// A field's value as its table cell says it; nil when the item has none.
    private static func cell(_ item: Item, _ field: String) -> String? {
        let text = item.cell(field)
        return text == "—" || text == "null" ? nil : text
    }

    /// Values in ascending order: as numbers when both are, else as text ignoring case,
    /// then with it; no value after every value (PostgreSQL's `nulls last` for ascending,
    /// and so first for descending).
    static func compare(_ a: String?, _ b: String?) -> Int {
        guard let a, let b else { return a == nil ? (b == nil ? 0 : 1) : -1 }
        if let x = Double(a), let y = Double(b) { return x < y ? -1 : x > y ? 1 : 0 }
        let (x, y) = (a.lowercased(), b.lowercased())
        if x != y { return x < y ? -1 : 1 }
        return a < b ? -1 : a > b ? 1 : 0
    }

    /// Keys in ascending order: numbers as numbers, text as text (numerically when both
    /// read as numbers), several fields one by one; positions (no key) and keys of
    /// different sorts are equal.
    static func compare(_ a: RecordKey, _ b: RecordKey) -> Int {
        switch (a, b) {
        case (.number(let x), .number(let y)): return x < y ? -1 : x > y ? 1 : 0
        case (.text(let x), .text(let y)), (.link(let x), .link(let y)): return compare(x, y)
        case (.fields(let x), .fields(let y)):
            for (p, q) in zip(x, y) {
                let order = compare(p, q)
                if order != 0 { return order }
            }
            return 0
        default: return 0
        }
    }
}
