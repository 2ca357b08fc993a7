import PortalCore

/// One column of the table view (`t`): the field it shows, named as the server names it
/// (so `s` can ask the server to sort by it), which is also its header.
public struct TableColumn: Sendable, Hashable {
    public var key: String

    public init(_ key: String) { self.key = key }

    /// The header text (the key, sanitised: it may come from a server's JSON).
    public var title: String { Sanitize.shown(key) }
}

/// The table view's side of each resource: which columns a list of such items shows and
/// what each cell says. Cells are one line, sanitised as all server text is; a field the
/// item does not have is "—".
extension Item {
    /// The columns a table of items like this one shows: `fields` when given (`--fields`,
    /// dotted paths allowed) and the item has one of them, else the resource's own choice (for rows and JSON objects:
    /// the id, the title, then the scalar fields in served order).
    public func tableColumns(fields: [String]?) -> [TableColumn] {
        // A list none of whose fields this item has (another tab's) keeps its own columns.
        if let fields, fields.contains(where: { rawCell($0) != nil }) { return fields.map(TableColumn.init) }
        if let chosen = record.card.fields, !chosen.isEmpty {
            return ([record.titleKey].compactMap { $0 } + chosen).map(TableColumn.init)
        }
        return defaultColumnKeys.map(TableColumn.init)
    }

    /// The most columns a row or JSON object offers by default (the rest scroll with ←/→
    /// anyway, and `--fields` chooses others).
    static let maxDefaultColumns = 12

    private var defaultColumnKeys: [String] {
        let item = record
        switch item.card.spec.layout {
        case .columns:
            return Array(item.row.displayColumns.filter { !Self.isLong($0.value) }.map(\.name).prefix(Self.maxDefaultColumns))
        case .tree:
            return item.card.spec.table?.map(\.columnKey) ?? item.card.spec.columns ?? Array(Self.uniqued(["id"].filter { item.row[$0] != nil } + [item.titleKey].compactMap { $0 }
                + item.row.columns.filter { !Self.isLong($0.value) }.map(\.name)).prefix(Self.maxDefaultColumns))
        }
    }

    /// Nested arrays and objects stay out of the default columns (their JSON text says
    /// little in a cell); `--fields` can still pick a path inside one.
    private static func isLong(_ value: Row.Value) -> Bool {
        if case .json = value { return true }
        return false
    }

    private static func uniqued(_ keys: [String]) -> [String] {
        var seen: Set<String> = []
        return keys.filter { seen.insert($0).inserted }
    }

    /// The cell of column `key`, sanitised, on one line.
    public func cell(_ key: String) -> String {
        rawCell(key).map(Sanitize.shown) ?? "—"
    }

    private func rawCell(_ key: String) -> String? {
        let item = record
        switch item.card.spec.layout {
        case .columns:
            return Record.value(at: key, in: item.row)
        case .tree:
            // The row a spec reads: a record keyed by its url has that key as its `id`.
            let row = item.keyedRow
            // A column of the spec's `table`: its field as its format shows it (`—` when empty).
            if let column = item.card.spec.table?.first(where: { $0.columnKey == key }) { return Self.cell(column, in: row) }
            return TableCellText.value(at: key, in: row)
        }
    }

    /// A `table` column's cell: a template or a format as the pane shows it, a plain field
    /// as any cell (an array's values joined by `, `), `—` when empty or null.
    private static func cell(_ column: DetailFieldSpec, in row: Row) -> String {
        guard column.format == nil, !SpecTemplate.isTemplate(column.field) else { return SpecDetail.shown(column, in: row) }
        return TableCellText.value(at: column.field, in: row).flatMap { $0 == "null" || $0.isEmpty ? nil : $0 } ?? "—"
    }
}

extension DetailFieldSpec {
    /// As a table column: its header and the key `s` sorts by (`label`, else the field).
    var columnKey: String { label ?? field }
}
