/// What a record's detail pane shows (`detail = { fields = [...], related = [...] }`):
/// fields in order with their labels and formats, then the lists it points at.
public struct DetailSpec: Sendable, Hashable {
    public var fields: [DetailFieldSpec]
    public var related: [RelatedSpec]

    public init(fields: [DetailFieldSpec] = [], related: [RelatedSpec] = []) {
        self.fields = fields
        self.related = related
    }
}

/// One row of a detail: `"joined"`, or `{ field = "joined", label = "Joined", format =
/// "date" }`, or a row that opens one record of another list (`{ field = "origin.name",
/// label = "Origin", link = "origin.url" }`). Also one column of the table view (`table`),
/// where `label` is the column's header and `link` means nothing.
public struct DetailFieldSpec: Sendable, Hashable {
    /// A dotted path.
    public var field: String
    /// Nil: the field's last name, `_` as spaces, capitalised (`team_ids` → `Team ids`).
    public var label: String?
    public var format: FieldFormat?
    /// A dotted path holding the URL or key of the record Enter on this row opens: a URL
    /// names its list by the list's `by_keys` it falls under (`…/location/3` under
    /// `/location/{keys}`), a bare key by `list`.
    public var link: String?
    /// The list a bare key in `link` names a record of.
    public var list: String?

    public init(field: String, label: String? = nil, format: FieldFormat? = nil, link: String? = nil, list: String? = nil) {
        self.field = field
        self.label = label
        self.format = format
        self.link = link
        self.list = list
    }

    /// The label in force.
    public var shownLabel: String { label ?? Self.label(for: field) }

    /// `team_ids` → `Team ids`; `owner.login` → `Login`.
    public static func label(for field: String) -> String {
        let last = field.split(separator: ".").last.map(String.init) ?? field
        let spaced = last.replacingOccurrences(of: "_", with: " ")
        return spaced.prefix(1).uppercased() + spaced.dropFirst()
    }

    /// Plain (no label, format or link given): written as a bare string.
    public var isPlain: Bool { label == nil && format == nil && link == nil && list == nil }
}

/// How a detail field's value is shown.
public enum FieldFormat: String, Sendable, Hashable, CaseIterable {
    /// An ISO 8601 date or timestamp as a calendar date (`March 3, 2024`).
    case date
    /// An array (or object) as how many it holds.
    case count
}

/// A list a record points at (`{ field = "team_ids", list = "teams", title = "Teams" }`):
/// `field` holds one key or URL of a record of `list`, or an array of them; the pane
/// lists them, fetched by `list`'s `by_keys` (as many keys a request as fit in 2 KB).
public struct RelatedSpec: Sendable, Hashable {
    public var field: String
    /// The saved list's name.
    public var list: String
    /// Nil: the list's name, capitalised.
    public var title: String?

    public init(field: String, list: String, title: String? = nil) {
        self.field = field
        self.list = list
        self.title = title
    }

    public var shownTitle: String { title ?? (list.prefix(1).uppercased() + list.dropFirst()) }
}
