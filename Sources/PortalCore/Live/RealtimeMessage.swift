import Foundation
import PortalJSON

/// One message of the Phoenix channels protocol, as Supabase Realtime speaks it over its
/// WebSocket (`/realtime/v1/websocket`): a `topic` (`realtime:public:characters`, or
/// `phoenix` for the socket's own heartbeat), an `event` (`phx_join`, `phx_reply`,
/// `heartbeat`, `access_token`, `postgres_changes`, `system`, `phx_error`, `phx_close`,
/// `phx_leave`), a JSON `payload`, the `ref` a reply answers and the `join_ref` of the
/// channel's join. Both portal's client (`RealtimeChannel`) and portal-mirror's server
/// read and write them here, so the two cannot drift apart.
public struct PhoenixMessage: Sendable, Hashable {
    public var joinRef: String?
    public var ref: String?
    public var topic: String
    public var event: String
    /// The payload as sent (an object for every event Realtime sends).
    public var payload: JSONSpan

    public init(joinRef: String?, ref: String?, topic: String, event: String, payload: JSONSpan) {
        self.joinRef = joinRef
        self.ref = ref
        self.topic = topic
        self.event = event
        self.payload = payload
    }

    /// The topic of the socket's own messages (heartbeats).
    public static let socketTopic = "phoenix"
}

/// Why a frame is no Phoenix message (a note for the status line; the connection goes on).
public struct PhoenixFrameError: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// The two JSON serializers Phoenix sockets offer, chosen by the client's `vsn` query
/// parameter: `1.0.0` sends each message as an object `{"event","payload","ref","topic"}`
/// (`join_ref` too, when there is one), `2.0.0` as an array
/// `[join_ref, ref, topic, event, payload]`. Supabase's clients ask for 1.0.0 (realtime-py)
/// or 2.0.0 (realtime-js); the server answers in the one asked.
public enum PhoenixSerializer: String, Sendable, Hashable, CaseIterable {
    case v1 = "1.0.0"
    case v2 = "2.0.0"

    /// The largest frame read (Realtime's own `max_frame_size` is 5,000,000 bytes): past
    /// it, a frame is refused without being parsed.
    public static let defaultMaxFrameBytes = 5_000_000

    /// The serializer a `vsn` asks for: `1.x` or `2.x`; nil for any other (the server
    /// refuses the connection).
    public init?(vsn: String?) {
        guard let vsn, !vsn.isEmpty else { self = .v1; return }
        if vsn == "1" || vsn.hasPrefix("1.") { self = .v1 } else if vsn == "2" || vsn.hasPrefix("2.") { self = .v2 } else { return nil }
    }

    /// One message's text. `payload` is JSON text, written as it is.
    public func encode(joinRef: String?, ref: String?, topic: String, event: String, payload: String) -> String {
        var w = JSONWriter(reserving: payload.utf8.count + topic.utf8.count + 64)
        switch self {
        case .v1:
            // Keys in the order Phoenix's JSON library writes a map: sorted.
            w.beginObject()
            w.field("event", event)
            if let joinRef { w.field("join_ref", joinRef) }
            w.key("payload")
            w.raw(payload.utf8)
            w.field("ref", ref)
            w.field("topic", topic)
            w.endObject()
        case .v2:
            w.beginArray()
            if let joinRef { w.string(joinRef) } else { w.null() }
            if let ref { w.string(ref) } else { w.null() }
            w.string(topic)
            w.string(event)
            w.raw(payload.utf8)
            w.endArray()
        }
        return w.string
    }

    /// Reads one text frame; a frame past `maxBytes`, not JSON, or not a message of this
    /// serializer's shape is a `PhoenixFrameError`.
    public func decode(_ text: String, maxBytes: Int = defaultMaxFrameBytes) throws(PhoenixFrameError) -> PhoenixMessage {
        guard text.utf8.count <= maxBytes else { throw PhoenixFrameError("a frame of \(text.utf8.count) bytes (more than \(maxBytes))") }
        let span: JSONSpan
        do {
            span = try JSONNode.parse(Data(text.utf8))
        } catch {
            throw PhoenixFrameError("a frame that is not JSON (\(error.description))")
        }
        switch (self, span.node) {
        case (.v1, .object(let fields)):
            func field(_ name: String) -> JSONSpan? { fields.first { $0.key == name }?.value }
            return try Self.message(joinRef: field("join_ref"), ref: field("ref"), topic: field("topic"), event: field("event"), payload: field("payload"))
        case (.v2, .array(let items)) where items.count == 5:
            return try Self.message(joinRef: items[0], ref: items[1], topic: items[2], event: items[3], payload: items[4])
        case (.v1, _):
            throw PhoenixFrameError("a frame that is not a JSON object")
        case (.v2, _):
            throw PhoenixFrameError("a frame that is not an array of 5 ([join_ref, ref, topic, event, payload])")
        }
    }

    private static func message(joinRef: JSONSpan?, ref: JSONSpan?, topic: JSONSpan?, event: JSONSpan?, payload: JSONSpan?) throws(PhoenixFrameError) -> PhoenixMessage {
        guard let topic = topic?.node.string else { throw PhoenixFrameError("a message without a topic") }
        guard let event = event?.node.string, !event.isEmpty else { throw PhoenixFrameError("a message without an event") }
        guard let payload else { throw PhoenixFrameError("a message without a payload") }
        return PhoenixMessage(joinRef: try reference(joinRef), ref: try reference(ref), topic: topic, event: event, payload: payload)
    }

    /// A ref: a string (numbers are taken as their text), or null.
    private static func reference(_ span: JSONSpan?) throws(PhoenixFrameError) -> String? {
        switch span?.node {
        case nil, .null?: nil
        case .string(let text)?: text
        case .number(let text)?: text
        default: throw PhoenixFrameError("a message whose ref is neither a string nor null")
        }
    }
}
