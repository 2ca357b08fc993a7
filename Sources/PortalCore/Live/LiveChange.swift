import PortalJSON
/// One change a server pushed: what happened to which record. The record's JSON is kept
/// as served (`JSONSpan`: exact text and its tree), its key read by the list's key fields,
/// so a list can upsert it where its own copy of that record is.
public struct LiveChange: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case created, updated, deleted
        /// A bare record, or an `upsert`: new or changed, as the list finds it.
        case upserted
    }

    public var kind: Kind
    public var key: RecordKey
    public var record: JSONSpan
    /// The stream's last event id when it came (empty when the stream gives none).
    public var eventID: String

    public init(kind: Kind, key: RecordKey, record: JSONSpan, eventID: String) {
        self.kind = kind
        self.key = key
        self.record = record
        self.eventID = eventID
    }

    /// One NDJSON line, `{"type":"created","key":827,"record":{…},"event_id":"17"}`: the
    /// record's JSON exactly as served, the key as a JSON number or string (several
    /// fields: an array), `event_id` only when the stream gives ids. No line feed.
    public var jsonLine: String {
        var writer = JSONWriter(reserving: record.byteCount + 64)
        writer.beginObject()
        writer.field("type", kind.rawValue)
        writer.key("key")
        Self.write(key, into: &writer)
        writer.key("record")
        writer.raw(record.text.utf8)
        if !eventID.isEmpty { writer.field("event_id", eventID) }
        writer.endObject()
        return writer.string
    }

    private static func write(_ key: RecordKey, into writer: inout JSONWriter) {
        switch key {
        case .number(let n), .position(let n): writer.int(n)
        case .text(let text), .link(let text): writer.string(text)
        case .fields(let parts):
            writer.beginArray()
            for part in parts { write(part, into: &writer) }
            writer.endArray()
        }
    }
}

/// What one event of a live stream is to a list.
public enum LiveEventReading: Sendable, Hashable {
    case change(LiveChange)
    /// The server says the list must be read again: it lost events (a replay log that no
    /// longer reaches back), or the table was emptied (`truncate`).
    case reset(String)
    /// Not a change and not meant as one (`event: ping`, a heartbeat in data).
    case ignored(String)
    /// Meant as a change but unusable (not JSON, no record, no key): a note to show.
    case problem(String)
}
