import Foundation
import PortalCore
import PortalJSON

/// The columns `portal list --format csv|tsv` prints for a list, and each item's cells.
///
/// The columns are `--fields` (dotted paths into nested objects: `origin.name`), else
/// the ones the list's lines and cards show: `id` and the title field with the card's
/// fields for any API's items, the model's own for Rick and Morty, every column of a
/// PostgREST row (`id` and `name` first). A cell is read from the item's JSON as the API
/// serves it (`Item.apiJSON`): a string as its text, a number as written, `true`/`false`,
/// empty for null or a missing field, and an array or object as compact JSON text.
public struct ItemColumns: Sendable, Equatable {
    public let paths: [String]

    public init(paths: [String]) {
        self.paths = paths
    }

    /// `--fields` when given, else the columns that suit `item` (the list's first).
    public static func choose(fields: [String]?, first item: Item) -> ItemColumns {
        if let fields, !fields.isEmpty { return ItemColumns(paths: fields) }
        let json = item.record
        switch json.card.spec.layout {
        case .columns: return ItemColumns(paths: json.row.displayColumns.map(\.name))
        case .tree:
            if let columns = json.card.spec.columns { return ItemColumns(paths: columns) }
            let id = json.row["id"] != nil ? ["id"] : []
            let title = json.titleKey.map { [$0] } ?? []
            return ItemColumns(paths: id + title + json.cardFields().map(\.name).filter { !id.contains($0) && !title.contains($0) })
        }
    }

    /// The cells of one item (its JSON, one text), one per column; empty cells when the
    /// text is not a JSON object.
    public func cells(ofJSON json: String) -> [String] {
        guard let root = try? JSONNode.parse(Data(json.utf8)) else { return paths.map { _ in "" } }
        return paths.map { path in
            Self.span(at: path.split(separator: ".").map(String.init), in: root).map(Self.cell) ?? ""
        }
    }

    /// The cells of `item`, whose JSON is `json`: as `cells(ofJSON:)`, and a record keyed by
    /// the number its `url` ends in (a PokeAPI entry, `{name, url}`) has that key in an
    /// `id` column its JSON lacks (`1,bulbasaur`, as the list's lines and table say).
    public func cells(of item: Item, json: String) -> [String] {
        var cells = cells(ofJSON: json)
        let record = item.record
        guard record.row["id"] == nil, let id = record.keyedRow["id"] else { return cells }
        for (index, path) in paths.enumerated() where path == "id" && cells[index].isEmpty { cells[index] = id.description }
        return cells
    }

    /// The value at `keys` under `span`, if every key is there.
    public static func span(at keys: [String], in span: JSONSpan) -> JSONSpan? {
        var current = span
        for key in keys {
            guard case .object(let fields) = current.node, let field = fields.first(where: { $0.key == key }) else { return nil }
            current = field.value
        }
        return current
    }

    /// A cell's text: strings as they are, null as nothing, the rest as compact JSON.
    static func cell(_ span: JSONSpan) -> String {
        switch span.node {
        case .null: ""
        case .bool(let b): b ? "true" : "false"
        case .number(let text): text
        case .string(let text): text
        case .array, .object: JSONText.oneLine(span.text)
        }
    }
}
