import Foundation
import PortalJSON

/// One `postgres_changes` binding of a Realtime channel's join: which changes of which
/// table (`event` `*`, `INSERT`, `UPDATE` or `DELETE`; `filter` PostgREST-style,
/// `id=eq.5`, `status=in.(Alive,Dead)`). The server answers each with an id, and tags each
/// change it sends with the ids of the bindings it matched.
public struct RealtimeBinding: Sendable, Hashable {
    public var event: String
    public var schema: String
    public var table: String
    public var filter: String?

    public init(event: String = "*", schema: String = "public", table: String, filter: String? = nil) {
        self.event = event
        self.schema = schema
        self.table = table
        self.filter = filter
    }

    /// `{"event":"*","schema":"public","table":"characters","filter":"id=eq.5"}` (no
    /// `filter` key without one, as Supabase's clients send it).
    public func write(into w: inout JSONWriter) {
        w.beginObject()
        w.field("event", event)
        w.field("schema", schema)
        w.field("table", table)
        if let filter { w.field("filter", filter) }
        w.endObject()
    }

    /// A binding as a join or a reply carries it (nil when `schema`/`table`/`event` are
    /// missing; `id` is the server's, when given).
    public static func read(_ node: JSONNode) -> (binding: RealtimeBinding, id: Int?)? {
        guard let event = node["event"]?.string else { return nil }
        let schema = node["schema"]?.string ?? "public"
        let table = node["table"]?.string ?? "*"
        let id: Int? = if case .number(let text)? = node["id"] { Int(text) } else { nil }
        return (RealtimeBinding(event: event, schema: schema, table: table, filter: node["filter"]?.string), id)
    }
}

/// Reads the payloads Realtime sends a channel (pure).
public enum RealtimePayload {
    /// A `phx_reply`'s `{"status":"ok"|"error","response":{…}}`.
    public enum Reply: Sendable, Equatable {
        /// The ids the server gave the join's `postgres_changes` bindings, in their order
        /// (nil when the reply names none).
        case ok(bindingIDs: [(RealtimeBinding, Int?)]?)
        case error(reason: String)

        public static func == (a: Reply, b: Reply) -> Bool {
            switch (a, b) {
            case (.error(let x), .error(let y)): x == y
            case (.ok(let x), .ok(let y)): x?.map(\.0) == y?.map(\.0) && x?.map(\.1) == y?.map(\.1)
            default: false
            }
        }
    }

    public static func reply(_ payload: JSONNode) -> Reply {
        guard payload["status"]?.string == "ok" else {
            let response = payload["response"]
            let reason = response?["reason"]?.string ?? response?["message"]?.string ?? response.flatMap(\.string) ?? "refused"
            return .error(reason: Sanitize.line(reason))
        }
        guard let bindings = payload["response"]?["postgres_changes"]?.elements else { return .ok(bindingIDs: nil) }
        return .ok(bindingIDs: bindings.compactMap { RealtimeBinding.read($0.node) })
    }

    /// What a `postgres_changes` payload `{"data":{"type","schema","table","commit_timestamp",
    /// "columns","record","old_record","errors"},"ids":[…]}` is to a list keyed by
    /// `keyFields`: `INSERT` created, `UPDATE` updated (its `record`), `DELETE` deleted
    /// (its `old_record`, which by default holds only the primary key). Changes for none of
    /// `bindingIDs` (when known) are ignored; `errors` (Realtime's "Error 413: Payload Too
    /// Large", which leaves only short columns in the record) are a note.
    public static func change(_ payload: JSONSpan, keyFields: [String], bindingIDs: Set<Int>?) -> [LiveEventReading] {
        guard let data = payload.node.fields?.first(where: { $0.key == "data" })?.value, let fields = data.node.fields else {
            return [.problem("a postgres_changes message without data")]
        }
        if let bindingIDs, !bindingIDs.isEmpty, let ids = payload.node["ids"]?.elements {
            let given = Set(ids.compactMap { if case .number(let text) = $0.node { Int(text) } else { nil } })
            guard !given.isDisjoint(with: bindingIDs) else { return [.ignored("a change for another binding")] }
        }
        func field(_ name: String) -> JSONSpan? { fields.first { $0.key == name }?.value }
        var readings: [LiveEventReading] = []
        if let errors = field("errors")?.node, errors != .null {
            let text = errors.string ?? errors.elements?.compactMap(\.node.string).joined(separator: "; ") ?? "errors"
            if !text.isEmpty { readings.append(.problem("Realtime says: \(Sanitize.line(text))")) }
        }
        let type = field("type")?.node.string ?? ""
        let kind: LiveChange.Kind
        let record: JSONSpan?
        switch type.uppercased() {
        case "INSERT": kind = .created; record = field("record")
        case "UPDATE": kind = .updated; record = field("record")
        case "DELETE": kind = .deleted; record = field("old_record")
        case "TRUNCATE": return readings + [.reset("the table was emptied (truncate)")]
        default: return readings + [.problem("a postgres_changes message of type \(Sanitize.line(type.isEmpty ? "none" : type))")]
        }
        guard let record, case .object = record.node else { return readings + [.problem("a \(type) change without its record")] }
        guard let key = RecordKey(of: record.node, fields: keyFields) else {
            return readings + [.problem("a \(type) change whose record has no key (\(keyFields.joined(separator: ", ")))")]
        }
        // Realtime numbers no changes: nothing to resume from, so no event id.
        return readings + [.change(LiveChange(kind: kind, key: key, record: record, eventID: ""))]
    }
}
