import Foundation
import PortalJSON

/// Turns a server-sent event into a change of a list's records, reading the shapes feeds
/// send (pure; one event at a time):
///
/// - a bare record (`data: {"id":5,…}`): `upserted`, or the kind the SSE `event:` field
///   names (`event: deleted`);
/// - an envelope `{type|op|action|event|eventType|operation|kind: …, record|new|after|data|
///   payload|object|item: {…}}` — portal-mirror's and most SSE feeds'
///   `{"type":"created","record":…}`, Supabase's `{"type":"INSERT","record":…,
///   "old_record":…}` and realtime `{"eventType":"DELETE","old":…}`, Debezium's
///   `{"op":"c"|"u"|"d"|"r","before":…,"after":…}` (inside `payload` too), Hasura's
///   `{"event":{"op":"UPDATE","data":{"old":…,"new":…}}}`; a deletion reads the old
///   record (`old_record`, `old`, `before`) first, and may be only its key
///   (`{"type":"deleted","id":5}`);
/// - kind names in any case: create/insert/add, update/modify/change/patch/replace,
///   delete/remove/destroy, upsert; `c u d r` as Debezium's `op`; `truncate`, and the
///   event type `reset`, say the list must be read again.
///
/// The key is read from the record by the list's key fields (`id` unless its spec says).
public struct ChangeReader: Sendable {
    public var keyFields: [String]

    public init(keyFields: [String] = ["id"]) {
        self.keyFields = keyFields.isEmpty ? ["id"] : keyFields
    }

    public func read(_ event: ServerSentEvent) -> LiveEventReading {
        let named = Self.kind(event.type, code: false)
        if event.type.caseInsensitiveCompare("reset") == .orderedSame || named == .reset {
            return .reset(Self.resetReason(event.data))
        }
        let known = event.type == "message" || named != nil
        guard let span = try? JSONNode.parse(Data(event.data.utf8)) else {
            return known ? .problem("an event whose data is not JSON") : .ignored("event \(event.type)")
        }
        guard case .object = span.node else {
            return known ? .problem("an event whose data is not a JSON object") : .ignored("event \(event.type)")
        }
        if let envelope = Self.envelope(in: span, depth: 0) {
            if envelope.kind == .reset { return .reset(Self.resetReason(event.data)) }
            guard let kind = envelope.kind.change else { return .ignored("event \(event.type)") }
            return change(kind, record: envelope.record, eventID: event.lastEventID)
        }
        switch named {
        case .change(let kind)?: return change(kind, record: span, eventID: event.lastEventID)
        case .reset?: return .reset(Self.resetReason(event.data))
        case nil:
            // A bare record under a type of the server's own (`event: character`) counts
            // when it has the key; a `ping` with a time in it does not.
            if !known, RecordKey(of: span.node, fields: keyFields) == nil { return .ignored("event \(event.type)") }
            return change(.upserted, record: span, eventID: event.lastEventID)
        }
    }

    private func change(_ kind: LiveChange.Kind, record: JSONSpan, eventID: String) -> LiveEventReading {
        guard let key = RecordKey(of: record.node, fields: keyFields) else {
            return .problem("an event whose record has no key (\(keyFields.joined(separator: ", ")))")
        }
        return .change(LiveChange(kind: kind, key: key, record: record, eventID: eventID))
    }

    // MARK: - Shapes

    enum Named: Equatable {
        case change(LiveChange.Kind)
        case reset

        var change: LiveChange.Kind? {
            if case .change(let kind) = self { return kind }
            return nil
        }
    }

    public static let typeFields = ["type", "op", "action", "event", "eventType", "event_type", "operation", "kind", "change_type", "changeType"]
    static let newRecordFields = ["record", "new", "after", "data", "payload", "object", "item", "new_record", "document", "row"]
    static let oldRecordFields = ["old_record", "old", "before", "record", "data", "payload", "object", "item", "document", "row", "new", "after"]
    static let wrapperFields = ["payload", "event", "data", "message"]

    /// The change kind a name says; Debezium's one-letter codes only where `code`.
    static func kind(_ name: String, code: Bool) -> Named? {
        switch name.lowercased() {
        case "created", "create", "insert", "inserted", "add", "added": .change(.created)
        case "updated", "update", "modify", "modified", "change", "changed", "patch", "patched", "replace", "replaced": .change(.updated)
        case "deleted", "delete", "remove", "removed", "destroy", "destroyed": .change(.deleted)
        case "upserted", "upsert": .change(.upserted)
        case "truncate", "truncated": .reset
        case "c" where code: .change(.created)
        case "u" where code: .change(.updated)
        case "d" where code: .change(.deleted)
        case "r" where code: .change(.upserted)
        case "t" where code: .reset
        default: nil
        }
    }

    /// A change envelope at `span` or inside one of its wrappers (two levels at most).
    private static func envelope(in span: JSONSpan, depth: Int) -> (kind: Named, record: JSONSpan)? {
        guard let fields = span.node.fields else { return nil }
        for name in typeFields {
            guard let value = fields.first(where: { $0.key == name })?.value.node.string,
                  let kind = kind(value, code: name == "op") else { continue }
            if kind == .reset { return (kind, span) }
            let candidates = kind == .change(.deleted) ? oldRecordFields : newRecordFields
            for candidate in candidates {
                guard let record = fields.first(where: { $0.key == candidate })?.value,
                      case .object(let inner) = record.node else { continue }
                // Hasura's `data: {old, new}`.
                let nested = (kind == .change(.deleted) ? ["old", "new"] : ["new", "old"]).lazy.compactMap { name in
                    inner.first(where: { $0.key == name })?.value
                }.first { if case .object = $0.node { true } else { false } }
                if inner.count <= 2, inner.allSatisfy({ $0.key == "old" || $0.key == "new" }), let nested {
                    return (kind, nested)
                }
                return (kind, record)
            }
            // Only the key (`{"type":"deleted","id":5}`): the envelope stands for the record.
            return (kind, span)
        }
        guard depth < 2 else { return nil }
        for wrapper in wrapperFields {
            if let inner = fields.first(where: { $0.key == wrapper })?.value, let found = envelope(in: inner, depth: depth + 1) {
                return found
            }
        }
        return nil
    }

    private static func resetReason(_ data: String) -> String {
        if let span = try? JSONNode.parse(Data(data.utf8)) {
            for name in ["reason", "message", "error"] {
                if let text = span.node[name]?.string { return Sanitize.line(text) }
            }
        }
        return "the server says to read the list again"
    }
}

extension RecordKey {
    /// The key of a JSON record by `fields` (one or several): integers as numbers,
    /// strings and other numbers as text, as `RecordKey(_ value: Row.Value)` reads a row;
    /// nil when a field is missing or holds no scalar key.
    public init?(of record: JSONNode, fields: [String]) {
        var parts: [RecordKey] = []
        for field in fields {
            switch record[field] {
            case .number(let text)?: parts.append(Int(text).map(RecordKey.number) ?? .text(text))
            case .string(let text)?: parts.append(.text(text))
            default: return nil
            }
        }
        guard let first = parts.first else { return nil }
        self = parts.count == 1 ? first : .fields(parts)
    }
}
