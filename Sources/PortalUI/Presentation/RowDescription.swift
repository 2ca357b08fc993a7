import PortalCore

/// A row of a table portal has no model for: its card is the `name` (or the id) and the
/// next columns, `id` first; its pane lists every column as served.
enum RowDescription: ItemDescription {
    /// What names the row: its `name`, else `row ID`.
    static func title(_ r: Row) -> String { Sanitize.shown(r.name ?? "row \(r.id)") }

    static func card(_ r: Row) -> CardContent {
        let rest = r.displayColumns.filter { $0.name != "name" }.prefix(2)
        return CardContent(lines: [[Span(title(r), Style(bold: true))]] + rest.map { column in
            [Span(Sanitize.shown(column.name) + " ", Style(dim: true)), Span(Sanitize.shown(column.value.description))]
        } + Array(repeating: [], count: 2 - rest.count))
    }

    static func detail(_ r: Row) -> DetailContent {
        DetailContent(title: title(r), fields: r.displayColumns.map { DetailField(Sanitize.shown($0.name), Sanitize.shown($0.value.description)) })
    }

    static func relatedLine(_ r: Row) -> [Span] { [Span(title(r))] }

    static func crumb(_ r: Row) -> String { title(r) }
}
