/// One event of a `text/event-stream`, as the WHATWG HTML standard's "event stream
/// interpretation" dispatches it: its type (`message` when the stream named none), its
/// data (the `data:` lines joined by line feeds) and the last event id in force when it
/// was dispatched (the `id:` of this event or of one before it).
public struct ServerSentEvent: Sendable, Hashable {
    public var type: String
    public var data: String
    public var lastEventID: String

    public init(type: String = "message", data: String, lastEventID: String = "") {
        self.type = type
        self.data = data
        self.lastEventID = lastEventID
    }
}

/// What reading a stream gives besides events: a new reconnection time (`retry:`), and an
/// event that was too large to keep (skipped whole, the stream going on after it).
public enum EventStreamItem: Sendable, Hashable {
    case event(ServerSentEvent)
    /// `retry: N`: reconnect after N milliseconds.
    case retry(milliseconds: Int)
    /// An event whose fields passed `limit` bytes: its fields were dropped as they came
    /// and it was not dispatched (its `id:` still counts, so a reconnection resumes after it).
    case tooLarge(limit: Int)
}

extension EventStreamItem {
    /// What a note on the screen or stderr says of a skipped event.
    public static func tooLargeNote(limit: Int) -> String {
        let size = limit >= 1_048_576 ? "\(limit / 1_048_576) MiB" : limit >= 1024 ? "\(limit / 1024) KiB" : "\(limit) bytes"
        return "an event larger than \(size) was skipped"
    }
}
