import Foundation
import PortalCore
import PortalJSON
import PortalExport

/// The one place the MCP tools read an `Item`: its key, its fields as JSON (as the API
/// serves them), the fields a card shows, and its related lists. Everything else in
/// PortalMCP sees records only, so when items become one record with a list spec
/// (issue 34) only this file follows.
struct MCPRecord: Sendable {
    /// The record's key as a JSON value's text (`1`, `"ab-12"`), nil when it has none.
    let key: String?
    /// The key as the engine compares it (never hashed: `"7"` is not `7`).
    let recordKey: RecordKey?
    /// The key as the `key` argument of `get_item` takes it (a string of its text).
    let keyText: String?
    /// The item's JSON object as served (the models written back under the API's root).
    let json: JSONSpan?
    let item: Item

    init(_ item: Item, baseURL: BaseURL) {
        self.item = item
        let text = item.apiJSON(baseURL: baseURL)
        json = try? JSONNode.parse(Data(text.utf8))
        var found: RecordKey?
        let row = item.record
        if row.card.spec.layout == .tree {
            // Any API's record: its list's key fields (`key = "uid"`, composite keys too).
            switch row.id {
            case .position, .link: found = nil
            case let id: found = id
            }
        } else {
            // A table's row: its `id` as served, else the row's own (`#N`, its position).
            found = json.flatMap { ItemColumns.span(at: ["id"], in: $0) }.flatMap { span in
                switch span.node {
                case .number(let digits): Int(digits).map(RecordKey.number) ?? .text(digits)
                case .string(let text) where !text.isEmpty: .text(text)
                default: nil
                }
            }
            if found == nil, !row.row.id.isEmpty { found = Int(row.row.id).map(RecordKey.number) ?? .text(row.row.id) }
        }
        recordKey = found
        key = found.map(Self.json)
        keyText = found?.description
    }

    /// The key as `get_item`'s answer writes it: a number, a string, or an array of parts.
    static func json(_ key: RecordKey) -> String {
        var w = JSONWriter()
        func write(_ key: RecordKey) {
            switch key {
            case .number(let n): w.int(n)
            case .fields(let parts):
                w.beginArray()
                for part in parts { write(part) }
                w.endArray()
            default: w.string(key.description)
            }
        }
        write(key)
        return w.string
    }

    /// The fields the list's key is read from (`["uid"]`; `["id"]` for the built-in models).
    var keyFields: [String] { item.record.card.spec.keyFields }

    /// The value at a dotted path (`origin.name`), nil when absent.
    func value(at path: String) -> JSONSpan? {
        json.flatMap { ItemColumns.span(at: path.split(separator: ".").map(String.init), in: $0) }
    }

    /// The fields a card of this list shows (`id`, the title and the card's fields), the
    /// compact rows' default columns: at most six, none an array or an object (a table's
    /// rows offer every column; a row of nested lists is not compact).
    static func cardFields(of first: MCPRecord) -> [String] {
        let paths = ItemColumns.choose(fields: nil, first: first.item).paths.filter { path in
            switch first.value(at: path)?.node {
            case .array?, .object?: false
            default: true
            }
        }
        return Array(paths.prefix(6))
    }

    /// A list this record points at by keys: a character's episodes, an episode's
    /// characters, a location's residents; for any API, each `detail.related` of its list's
    /// spec (a field holding keys or URLs of records of another saved list).
    struct Related: Sendable {
        let title: String
        let kind: ItemKind
        let keys: [RecordKey]
    }

    var related: [Related] {
        let row = item.record
        return (row.card.spec.detail?.related ?? []).map { relation in
            Related(title: relation.title?.lowercased() ?? relation.list, kind: ItemKind(rawValue: relation.list),
                    keys: SpecValues.keys(in: row.row[relation.field]))
        }
    }

    /// Whether the list entry is all the API tells of it (a Pokémon of a list page is
    /// not: its detail is asked for).
    var isComplete: Bool { item.isComplete }
}
