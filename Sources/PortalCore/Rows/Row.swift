import Foundation

/// One row of a table portal knows nothing about (a PostgREST table other than the ones it
/// has models for): its columns in the order the server wrote them, each a JSON scalar or,
/// for nested arrays and objects, the JSON text as served.
///
/// `id` and `name` come first in `displayColumns`, when present, because a card has room
/// for a few columns and those say which row it is. `json` keeps the row exactly as
/// served, for `portal list --json`.
public struct Row: Sendable, Hashable, Identifiable {
    /// A column's value.
    public enum Value: Sendable, Hashable, CustomStringConvertible {
        case null
        case bool(Bool)
        /// The number as written (`42`, `1.5e3`), so nothing is lost to a Double.
        case number(String)
        case string(String)
        /// An array or object, as the server wrote it.
        case json(String)

        /// How a cell shows it: strings as they are, `null` for null, the rest as JSON.
        /// Not sanitised: views pass it through `Sanitize.line`.
        public var description: String {
            switch self {
            case .null: "null"
            case .bool(let b): b ? "true" : "false"
            case .number(let text), .string(let text), .json(let text): text
            }
        }
    }

    /// The fields, in one box: a row is never changed once read, and copying it (a page's
    /// items go into the list, the marks, the picture memo, …) retains one object instead
    /// of its columns, its JSON and each long value — about a tenth of a page insert when
    /// rows were records (docs/benchmarks.md, Records).
    private final class Storage: Sendable {
        let id: String
        let columns: [(name: String, value: Value)]
        let json: String
        let position: Int

        init(id: String, columns: [(name: String, value: Value)], json: String, position: Int) {
            self.id = id
            self.columns = columns
            self.json = json
            self.position = position
        }
    }

    private let storage: Storage

    /// The `id` column's value as text, or `#N` (the row's position in the list) when the
    /// table has no `id`, so rows stay distinct.
    public var id: String { storage.id }
    public var columns: [(name: String, value: Value)] { storage.columns }
    /// The row's JSON object, byte for byte as served.
    public var json: String { storage.json }
    /// Where the row stood in the list it came from (0 when unknown).
    public var position: Int { storage.position }

    public init(id: String, columns: [(name: String, value: Value)], json: String, position: Int = 0) {
        storage = Storage(id: id, columns: columns, json: json, position: position)
    }

    /// A number for the row's identity in the browser (`ItemKey` ids are integers): the
    /// `id` when it is one, else its position or its id's text, in ranges that never meet
    /// (`RowNumber`).
    public var number: Int { RowNumber.of(id: id, position: position) }

    /// The row's identity: its `id` column as served (an integer or a string, never
    /// hashed), else its position (`RecordKey`).
    public var key: RecordKey { RecordKey(of: self, fields: ["id"]) }

    public subscript(column: String) -> Value? { storage.columns.first { $0.name == column }?.value }

    /// The `name` column as text, when it is a string.
    public var name: String? {
        if case .string(let s) = self["name"] { return s }
        return nil
    }

    /// Columns with `id` and `name` first, then the rest in the server's order.
    public var displayColumns: [(name: String, value: Value)] {
        let lead = ["id", "name"].compactMap { key in columns.first { $0.name == key } }
        return lead + columns.filter { $0.name != "id" && $0.name != "name" }
    }

    public static func == (a: Row, b: Row) -> Bool { a.storage === b.storage || (a.json == b.json && a.id == b.id) }
    public func hash(into hasher: inout Hasher) { hasher.combine(json) }
}
