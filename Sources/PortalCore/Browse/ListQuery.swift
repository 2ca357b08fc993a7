import Foundation

/// What one list shows: a kind, the filters the server applies (the name search is the
/// `name` filter) and the order it is asked for (`s`). Equal queries are the same list, so
/// a query is also the identity of a list's pages in caches and tests.
public struct ListQuery: Sendable, Hashable, CustomStringConvertible {
    public var kind: ItemKind
    /// Filters in the order they are sent; keys are unique, values non-empty.
    public private(set) var filters: [ListFilter]
    /// The order asked of the server (`s`/`S`), nil for the server's own order.
    public var sort: ListSort?

    public init(kind: ItemKind, filters: [(String, String)] = [], sort: ListSort? = nil) {
        self.kind = kind
        self.sort = sort
        self.filters = []
        for (key, value) in filters { set(key, value) }
    }

    /// The value of filter `key`, or "" when it is not set.
    public func value(_ key: String) -> String {
        filters.first { $0.key == key }?.value ?? ""
    }

    /// Sets (or, with an empty value, removes) filter `key`, keeping the others' order.
    public mutating func set(_ key: String, _ value: String) {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if let index = filters.firstIndex(where: { $0.key == key }) {
            if trimmed.isEmpty { filters.remove(at: index) } else { filters[index].value = trimmed }
        } else if !trimmed.isEmpty {
            filters.append(ListFilter(key, trimmed))
        }
    }

    /// `key=value` pairs, as a preset's requests take them.
    public var pairs: [(String, String)] { filters.map { ($0.key, $0.value) } }

    public var description: String {
        ([kind.rawValue] + filters.map { "\($0.key)=\($0.value)" } + (sort.map { ["sorted \($0)"] } ?? [])).joined(separator: " ")
    }
}
