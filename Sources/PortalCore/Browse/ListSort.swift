import Foundation

/// How a server is asked to sort a list: the parameter families portal speaks. Chosen by
/// the source (`SortStyle.detected(for:)`) or on the command line (`--sort-style`), since
/// only the API knows which parameter it reads — and a parameter it ignores sorts nothing.
public enum SortStyle: String, Sendable, Hashable, CaseIterable {
    /// PostgREST: `order=column.asc|desc` (the `--table` / Supabase tab).
    case postgrest
    /// Django REST framework's `OrderingFilter`: `ordering=field` / `ordering=-field`,
    /// nested fields with `__` (`owner__login`).
    case django
    /// GitHub's REST API: `sort=field&direction=asc|desc`.
    case github
    /// Datasette's table JSON: `_sort=column` / `_sort_desc=column` (never both).
    case datasette

    /// The style a source's server speaks, when portal can tell: PostgREST tables, a
    /// `--url` on api.github.com, a `--url` answering in Django REST framework's shape
    /// (`count`/`next`/`previous`/`results`); nil when it cannot (the Rick and Morty API
    /// and PokeAPI have no sort parameter at all).
    public static func detected(for source: any Source) -> SortStyle? {
        switch source {
        case let speaking as any SortStyleSpeaking: return speaking.sortStyle
        case let guessing as any SortStyleGuessing: return guessing.guessedSortStyle
        default: return nil
        }
    }

    /// The style `s` uses for `source`: `given` (`--sort-style`) for a `--url` list, whose
    /// server portal cannot always place; else what the source speaks (a built-in API's
    /// parameter is known, and one without any cannot be told to have one).
    public static func style(for source: any Source, given: SortStyle?) -> SortStyle? {
        source is any SortStyleGuessing ? given ?? detected(for: source) : detected(for: source)
    }
}

/// The order a list is asked for: a field, a direction, and the style of the server's
/// parameter. Part of the `ListQuery`, so a sorted list is a list of its own (a new
/// generation, its own cache entries: the sort is in every page's URL) and `R` and
/// retries keep it.
public struct ListSort: Sendable, Hashable, CustomStringConvertible {
    /// The field as the table's column names it: a key, or a dotted path (`owner.login`).
    public var field: String
    public var descending: Bool
    public var style: SortStyle

    public init(field: String, descending: Bool = false, style: SortStyle) {
        self.field = field
        self.descending = descending
        self.style = style
    }

    /// `name ↑` (ascending) or `name ↓`.
    public var description: String { "\(field) \(descending ? "↓" : "↑")" }

    /// The field as the server's parameter names it.
    public var serverField: String {
        switch style {
        case .postgrest: field
        case .django: field.replacingOccurrences(of: ".", with: "__")
        case .github: Self.gitHubNames[field] ?? field
        case .datasette: field
        }
    }

    /// GitHub sorts by `created`, `updated`, `pushed`, `stars`, … while its items name the
    /// same things `created_at`, `stargazers_count`, …
    static let gitHubNames = [
        "created_at": "created", "updated_at": "updated", "pushed_at": "pushed", "stargazers_count": "stars",
        "forks_count": "forks", "watchers_count": "watchers", "comments": "comments",
    ]

    /// The query parameters that ask for this order, as the server reads them.
    public var parameters: [(name: String, value: String)] {
        let direction = descending ? "desc" : "asc"
        switch style {
        case .postgrest: return [("order", "\(serverField).\(direction)")]
        case .django: return [("ordering", (descending ? "-" : "") + serverField)]
        case .github: return [("sort", serverField), ("direction", direction)]
        case .datasette: return [(descending ? "_sort_desc" : "_sort", serverField)]
        }
    }

    /// `url` asking for this order (each parameter set, the rest of the query as written).
    public func applied(to url: URL) -> URL {
        let cleared = style == .datasette ? DatasetteSort.clearing(url) : url
        return parameters.reduce(cleared) { url, parameter in QueryEdit.setting(url, parameter.name, parameter.value) ?? url }
    }
}
