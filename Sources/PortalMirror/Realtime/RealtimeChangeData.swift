import Foundation
import PortalCore
import PortalDemoModels
import PortalServers
import PortalJSON

/// A `--churn` change as Supabase Realtime sends it in a `postgres_changes` message, byte
/// for byte as its server writes one: the change struct's fields in the order its JSON
/// library writes them (`columns`, `commit_timestamp`, `errors`, `old_record`, `record`,
/// `schema`, `table`, `type`), and the columns and records as Postgres prints `jsonb`
/// (`wal->>'record'`): keys shortest first, then by bytes, `": "` and `", "` between.
///
/// INSERT carries `record`; UPDATE `record` and `old_record`; DELETE `old_record` only.
/// The table's replica identity is the default, so `old_record` holds the primary key
/// alone (`{"id": 5}`).
enum RealtimeChangeData {
    /// The `characters` columns and their Postgres types (`wal->>'columns'`).
    static let characterColumns: [(name: String, type: String)] = [
        ("id", "int8"), ("name", "text"), ("status", "text"), ("species", "text"), ("type", "text"), ("gender", "text"),
        ("origin", "jsonb"), ("location", "jsonb"), ("image", "text"), ("episode", "jsonb"), ("url", "text"), ("created", "text"),
    ]

    /// Realtime's `type` for a change.
    static func type(_ kind: ChurnChange.Kind) -> String {
        switch kind {
        case .created: "INSERT"
        case .updated: "UPDATE"
        case .deleted: "DELETE"
        }
    }

    /// The `data` object of one change made at `committed`.
    static func data(_ change: ChurnChange, table: String, encoding: APIJSONEncoding, committed: Date) -> String {
        var record = JSONWriter(reserving: 1024)
        encoding.write(change.record, into: &record)
        let recordText = (try? JSONNode.parse(Data(record.bytes))).map { jsonb($0.node) } ?? "{}"
        var out = "{\"columns\":" + columnsText + ",\"commit_timestamp\":\"" + timestamp(committed) + "\",\"errors\":null"
        if change.kind != .created { out += ",\"old_record\":{\"id\": \(change.record.id)}" }
        if change.kind != .deleted { out += ",\"record\":" + recordText }
        out += ",\"schema\":\"public\",\"table\":" + quoted(table) + ",\"type\":\"" + type(change.kind) + "\"}"
        return out
    }

    static let columnsText: String = "[" + characterColumns.map { "{\"name\": " + quoted($0.name) + ", \"type\": " + quoted($0.type) + "}" }
        .joined(separator: ", ") + "]"

    /// A value as Postgres prints `jsonb`.
    static func jsonb(_ node: JSONNode) -> String {
        switch node {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(let text): return text
        case .string(let text): return quoted(text)
        case .array(let items): return "[" + items.map { jsonb($0.node) }.joined(separator: ", ") + "]"
        case .object(let fields):
            // jsonb keeps one value per key (the last) and orders keys by length, then bytes.
            var last: [String: JSONNode] = [:]
            for field in fields { last[field.key] = field.value.node }
            let keys = last.keys.sorted { a, b in
                a.utf8.count != b.utf8.count ? a.utf8.count < b.utf8.count : a.utf8.lexicographicallyPrecedes(b.utf8)
            }
            return "{" + keys.map { quoted($0) + ": " + jsonb(last[$0] ?? .null) }.joined(separator: ", ") + "}"
        }
    }

    static func quoted(_ text: String) -> String {
        var w = JSONWriter(reserving: text.utf8.count + 2)
        w.string(text)
        return w.string
    }

    /// `YYYY-MM-DDTHH:MM:SS.mmmZ`, as Realtime's SQL formats `commit_timestamp`.
    static func timestamp(_ date: Date) -> String {
        let formatter = Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: TimeZone(identifier: "UTC") ?? .gmt)
        return date.formatted(formatter)
    }
}
