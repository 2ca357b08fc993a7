/// What one list looks like and how it pages, written as data: the key that tells its
/// records apart, its paging, its card, its detail, how many of its records one request
/// fetches by key, its filters. A user writes it in the config file
/// (`[apis.NAME.lists.LIST]`, docs/presets.md); a built-in API can be the same value.
///
/// Why a value in PortalCore and not in the config reader: the sources read it (paging,
/// key, pictures, by-key requests), the screen draws from it (cards, details), `portal
/// apis show` prints it and other front ends (the MCP server) describe lists by it — none
/// of them need TOML. Every part is optional: what a spec leaves out, today's heuristics
/// choose (`Record.title`, `DialectDetector`, `PictureColumns`).
public struct ListSpec: Sendable, Hashable {
    /// The record's key: one field, or several together; nil is `id`.
    public var key: [String]?
    public var paging: PagingSpec?
    public var card: CardSpec?
    public var detail: DetailSpec?
    /// Many records in one request: a URL (relative to the API's root) holding `{keys}`,
    /// which becomes the keys comma-joined (`/teams?ids={keys}`), and how many keys one
    /// request holds (`by_keys = { url, max_keys, max_url }`; the string form: as many as
    /// fit in 2 KB, `ByKeysCap.standard`). One value, so no reader can take the template
    /// and forget its cap.
    public var byKeys: ByKeysRoute?
    /// One record by its key: a URL (relative to the API's root) holding `{key}`
    /// (`/pokemon/{key}/`). A list that has it holds summaries (PokeAPI's pages name only
    /// `name` and `url`): Enter's pane asks for the record there, and the answer is whole.
    public var item: String?
    /// Server-side filters: parameter → the values it takes (none: any text), in order.
    public var filters: [SpecFilter]
    /// The filter parameter `/` types into (`search = "name"`): a list's search is one of
    /// its server's filters, and the `f` form offers the others.
    public var search: String?
    /// The field that marks a row as one of this list's records where rows of a table the
    /// API's file does not name turn up (`recognised_by = "species"`: a PostgREST table
    /// holding Rick and Morty's characters). A field only this list's records have.
    public var recognisedBy: String?
    /// Where the list's changes are pushed (`text/event-stream`): a URL, or a path joined
    /// to the list's origin. The browser follows it as `--events` (issue 38).
    public var events: String?
    /// The columns the table view and `portal list --format csv|tsv` show by default
    /// (dotted paths), where the heuristics would choose.
    public var columns: [String]?
    /// The table view's columns where they differ from `columns`: a field, or `{ field,
    /// label, format }` (the header `label`, a nested name or an array's count shown).
    public var table: [DetailFieldSpec]?
    /// How a record's fields are shown (`layout = "tree" | "columns"`): as a JSON tree, its
    /// card and detail as the spec writes them (any API's objects), or as a table's columns
    /// as served, which read no card, detail, columns or table (a PostgREST table's rows).
    public var layout: RecordLayout

    public init(key: [String]? = nil, paging: PagingSpec? = nil, card: CardSpec? = nil, detail: DetailSpec? = nil,
                byKeys: ByKeysRoute? = nil, filters: [SpecFilter] = [], layout: RecordLayout = .tree) {
        self.layout = layout
        self.key = key
        self.paging = paging
        self.card = card
        self.detail = detail
        self.byKeys = byKeys
        self.filters = filters
    }

    /// What the `f` form offers: every filter but the search, those with choices first
    /// (each group in the file's order).
    public var formFilters: [FilterSpec] {
        let form = filters.filter { $0.parameter != search }.map(\.field)
        return form.filter { $0.choices != nil } + form.filter { $0.choices == nil }
    }

    /// The key fields in force: `key`, else `id`.
    public var keyFields: [String] { key ?? ["id"] }

    /// Nothing written: today's heuristics choose everything.
    public var isEmpty: Bool { self == ListSpec() }
}

/// How a list's records are shown when its spec writes no card or detail.
public enum RecordLayout: String, Sendable, Hashable {
    /// An object of any API: the card its title over its most telling short fields, the
    /// pane every field as a tree whose same-origin URLs are links (`JSONTree`).
    case tree
    /// A table's row (PostgREST): the card its `name` (else `row ID`) over the next
    /// columns, `id` first; the pane, the table view and `portal list` every column as
    /// served, `id` and `name` first (`Row.displayColumns`); pictures from its image
    /// columns (`PictureColumns`).
    case columns
}

/// One server-side filter of a list, offered by the `f` form: the query parameter and the
/// values it takes (`filters = { state = ["active", "away"] }`), none for free text
/// (`species = []`), with the form's label and a free-text field's example when the file
/// gives them (`episode = { values = [], label = "Code", example = "S03" }`).
public struct SpecFilter: Sendable, Hashable {
    public var parameter: String
    /// The values it takes, in order; empty: any text.
    public var values: [String]
    /// The form's label; nil: the parameter's own (`DetailFieldSpec.label(for:)`).
    public var label: String?
    /// A free-text field's example, e.g. "S03".
    public var example: String?

    public init(parameter: String, values: [String], label: String? = nil, example: String? = nil) {
        self.parameter = parameter
        self.values = values
        self.label = label
        self.example = example
    }

    /// The filter as a tab offers it: choices when it has values, else a text field.
    public var field: FilterSpec {
        FilterSpec(key: parameter, label: label ?? DetailFieldSpec.label(for: parameter), choices: values.isEmpty ? nil : values, example: example)
    }
}
