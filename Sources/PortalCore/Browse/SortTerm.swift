import Foundation

/// One term of the order a list is served in: a field and its direction, read back from
/// what the list asks its server (the inverse of `ListSort.parameters`), so a live list
/// can put a pushed record where the server lists it (issue 38, item 1).
public struct SortTerm: Sendable, Hashable {
    /// The field as the items name it (a dotted path for a nested one).
    public var field: String
    public var descending: Bool

    public init(field: String, descending: Bool = false) {
        self.field = field
        self.descending = descending
    }

    /// The order `url` asks its server for, in any parameter family portal speaks, first
    /// term first: PostgREST `order=a.desc,b`, Django REST framework `ordering=-a,b`, GitHub
    /// `sort=created&direction=desc` (GitHub's direction is `desc` unless told), Datasette
    /// `_sort=a` / `_sort_desc=a`, JSON:API's `sort=-a,b`, and `sort=a&order=desc` (Stack
    /// Exchange's). Empty when it names none.
    public static func terms(in url: URL) -> [SortTerm] {
        let order = QueryEdit.value(url, "order")
        let orderIsDirection = order.map { ["asc", "desc"].contains($0.lowercased()) } ?? false
        if let order, !orderIsDirection { return terms(ofPostgREST: order) }
        if let ordering = QueryEdit.value(url, "ordering") {
            return signed(ordering).map { SortTerm(field: $0.field.replacingOccurrences(of: "__", with: "."), descending: $0.descending) }
        }
        if let column = QueryEdit.value(url, "_sort_desc") { return [SortTerm(field: column, descending: true)] }
        if let column = QueryEdit.value(url, "_sort") { return [SortTerm(field: column)] }
        guard let sort = QueryEdit.value(url, "sort") else { return [] }
        if let direction = QueryEdit.value(url, "direction") ?? (orderIsDirection ? order : nil) ?? (isGitHub(url) ? "desc" : nil) {
            let field = ListSort.gitHubNames.first { $0.value == sort }?.key ?? sort
            return [SortTerm(field: field, descending: direction.lowercased() == "desc")]
        }
        return signed(sort)
    }

    /// PostgREST's `order` value (`name.desc.nullslast,id`): each column and whether it
    /// is descending (the nulls modifiers are the server's defaults' business).
    public static func terms(ofPostgREST text: String) -> [SortTerm] {
        text.split(separator: ",").compactMap { term in
            let parts = term.split(separator: ".").map(String.init)
            guard let column = parts.first, !column.isEmpty else { return nil }
            return SortTerm(field: column, descending: parts.dropFirst().contains("desc"))
        }
    }

    /// `-a,b`: a minus sign for descending.
    private static func signed(_ text: String) -> [SortTerm] {
        text.split(separator: ",").compactMap { term in
            let field = term.trimmingCharacters(in: .whitespaces)
            guard !field.isEmpty, field != "-" else { return nil }
            return field.hasPrefix("-") ? SortTerm(field: String(field.dropFirst()), descending: true) : SortTerm(field: field)
        }
    }

    private static func isGitHub(_ url: URL) -> Bool {
        let host = url.host?.lowercased() ?? ""
        return host == "api.github.com" || host.hasPrefix("api.") && host.hasSuffix(".github.com")
    }
}
