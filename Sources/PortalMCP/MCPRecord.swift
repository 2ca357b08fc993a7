import Foundation
import PortalCore

/// The one place the MCP tools read an `Item`: its key, its fields as JSON (as the API
/// serves them), the fields a card shows, and its related lists. Everything else in
/// PortalMCP sees records only, so when items become one record with a list spec
/// (issue 34) only this file follows.
struct MCPRecord: Sendable {
    /// The record's key as a JSON value's text (`1`, `"ab-12"`), nil when it has none.
    let key: String?
    /// The key as the `key` argument of `get_item` takes it (a string of its text).
    let keyText: String?
    /// The item's JSON object as served (the models written back under the API's root).
    let json: JSONSpan?
    let item: Item

    init(_ item: Item, baseURL: BaseURL) {
        self.item = item
        let text = item.apiJSON(baseURL: baseURL)
        json = try? JSONNode.parse(Data(text.utf8))
        let id = json.flatMap { ItemColumns.span(at: ["id"], in: $0) }
        switch id?.node {
        case .number(let digits)?:
            key = digits
            keyText = digits
        case .string(let text)? where !text.isEmpty:
            key = id?.text
            keyText = text
        default:
            if case .row(let row, _) = item, !row.id.isEmpty {
                var w = JSONWriter()
                w.string(row.id)
                key = w.string
                keyText = row.id
            } else {
                key = nil
                keyText = nil
            }
        }
    }

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

    /// A list this record points at by ids: a character's episodes, an episode's
    /// characters, a location's residents.
    struct Related: Sendable {
        let title: String
        let kind: ItemKind
        let ids: [Int]
    }

    var related: [Related] {
        switch item {
        case .character(let c): [Related(title: "episodes", kind: .episode, ids: c.episodeIDs.map(Int.init))]
        case .episode(let e): [Related(title: "characters", kind: .character, ids: e.characterIDs.map(Int.init))]
        case .location(let l): [Related(title: "residents", kind: .character, ids: l.residentIDs.map(Int.init))]
        default: []
        }
    }

    /// Whether the list entry is all the API tells of it (a Pokémon of a list page is
    /// not: its detail is asked for).
    var isComplete: Bool { item.isComplete }

    /// The number `Source.itemsRequest` takes for a key, when the key is a whole number.
    static func lookupID(_ key: String) -> Int? {
        guard key.count <= 18, let number = Int(key), number >= 0 else { return nil }
        return number
    }
}
