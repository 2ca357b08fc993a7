import Foundation
import PortalJSON

/// One Supabase Realtime channel following a table's `postgres_changes`, as a state
/// machine with no I/O and no clock (`RealtimeFeed` runs it over a WebSocket; tests feed
/// it frames and ticks and read what it asks for):
///
/// - on a new connection it sends `phx_join` with `config.postgres_changes` (and the
///   access token); the `phx_reply` ok makes it joined (`live`), and its binding ids pick
///   the changes meant for it; an error reply is rejoined after a backoff (1, 2, 5, 10 s;
///   30 s for Realtime's rate limits), or ends the feed when retrying cannot help (a
///   malformed token, an unknown project, a private-only project);
/// - `heartbeat` on topic `phoenix` every `heartbeatInterval` (25 s, as Supabase's
///   clients); a heartbeat still unanswered when the next is due means a silent server:
///   the connection is closed and another opened after the backoff;
/// - a changed access token (the session renewed it) is sent at once as `access_token`
///   while joined, and joins carry the latest;
/// - `system` errors are notes (Realtime's "Token has expired … seconds ago" is followed
///   by `phx_close`); `phx_close` or `phx_error` from the server rejoins after the backoff;
/// - a frame that is not a message, or larger than `maxFrameBytes`, is a note and skipped.
public struct RealtimeChannel: Sendable {
    public struct Settings: Sendable, Hashable {
        public var topic: String
        public var bindings: [RealtimeBinding]
        /// The fields that key the table's records (its primary key).
        public var keyFields: [String]
        public var serializer: PhoenixSerializer
        public var heartbeatInterval: Duration = .seconds(25)
        /// Waits before the 1st, 2nd, … reconnection or rejoin in a row (the last repeats).
        public var backoff: [Duration] = [.seconds(1), .seconds(2), .seconds(5), .seconds(10)]
        /// The wait after Realtime said a rate limit was reached.
        public var rateLimitedBackoff: Duration = .seconds(30)
        public var maxFrameBytes = 1 << 20

        /// `realtime:public:<table>` following every change of `table`.
        public init(table: String, schema: String = "public", filter: String? = nil, keyFields: [String] = ["id"], serializer: PhoenixSerializer = .v1) {
            topic = "realtime:\(schema):\(table)"
            bindings = [RealtimeBinding(schema: schema, table: table, filter: filter)]
            self.keyFields = keyFields.isEmpty ? ["id"] : keyFields
            self.serializer = serializer
        }
    }

    /// What the machine asks its runner to do, in order.
    public enum Action: Sendable, Hashable {
        /// Send this text frame.
        case send(String)
        case signal(LiveSignal)
        /// Close the connection (the runner then reports `connectionEnded`).
        case close(because: String)
        /// Open another connection after `after`.
        case reconnect(after: Duration, because: String)
        /// Call `rejoinDue()` after `after` (same connection).
        case rejoin(after: Duration, because: String)
        /// The feed is over for good.
        case end(String)
    }

    enum Phase: Sendable, Hashable {
        case disconnected
        case joining(ref: String)
        case joined
        /// Refused or closed by the server; a rejoin is scheduled.
        case waiting
        /// The connection is being closed for `because`.
        case closing(because: String)
        case ended(String)
    }

    public let settings: Settings
    private(set) var phase: Phase = .disconnected
    private var lastRef = 0
    private var joinRef: String?
    private var heartbeatRef: String?
    /// The access token joins carry (nil: the apikey stands for it).
    public private(set) var accessToken: String?
    /// The token the server holds for this channel (sent with the join or since).
    private var serverToken: String?
    /// Reconnections and rejoins in a row without a join accepted.
    private var failures = 0
    /// The server's ids of this channel's bindings (nil until joined, or when unnamed).
    private var bindingIDs: Set<Int>?

    public init(_ settings: Settings, accessToken: String? = nil) {
        self.settings = settings
        self.accessToken = accessToken
    }

    public var isJoined: Bool { phase == .joined }

    // MARK: Inputs

    /// A connection is open: join.
    public mutating func opened() -> [Action] {
        heartbeatRef = nil
        return [join()]
    }

    /// The scheduled rejoin is due.
    public mutating func rejoinDue() -> [Action] {
        guard phase == .waiting else { return [] }
        return [join()]
    }

    /// The heartbeat interval passed.
    public mutating func heartbeatDue() -> [Action] {
        switch phase {
        case .disconnected, .closing, .ended: return []
        default: break
        }
        if heartbeatRef != nil {
            let why = "no heartbeat reply in \(Self.seconds(settings.heartbeatInterval))"
            phase = .closing(because: why)
            return [.close(because: why)]
        }
        let ref = makeRef()
        heartbeatRef = ref
        return [.send(settings.serializer.encode(joinRef: nil, ref: ref, topic: PhoenixMessage.socketTopic, event: "heartbeat", payload: "{}"))]
    }

    /// The session's access token now (renewed or not): sent at once when joined and new.
    public mutating func tokenChanged(_ token: String?) -> [Action] {
        accessToken = token
        guard phase == .joined, let token, token != serverToken else { return [] }
        serverToken = token
        var w = JSONWriter()
        w.beginObject()
        w.field("access_token", token)
        w.endObject()
        return [.send(settings.serializer.encode(joinRef: joinRef, ref: makeRef(), topic: settings.topic, event: "access_token", payload: w.string))]
    }

    /// The access token cannot be had any more (the session ended): the feed ends.
    public mutating func credentialsFailed(_ why: String) -> [Action] {
        phase = .ended(why)
        return [.close(because: why)]
    }

    /// The connection ended or could not be opened (`why`).
    public mutating func connectionEnded(_ why: String) -> [Action] {
        heartbeatRef = nil
        bindingIDs = nil
        switch phase {
        case .ended(let reason): return [.end(reason)]
        case .closing(let because):
            phase = .disconnected
            return [.reconnect(after: nextBackoff(), because: because)]
        default:
            phase = .disconnected
            return [.reconnect(after: nextBackoff(), because: why)]
        }
    }

    /// A frame read from the connection.
    public mutating func received(_ text: String) -> [Action] {
        let message: PhoenixMessage
        do {
            message = try settings.serializer.decode(text, maxBytes: settings.maxFrameBytes)
        } catch {
            return [.signal(.status(.note("skipped \(error.description)")))]
        }
        if message.topic == PhoenixMessage.socketTopic {
            if message.event == "phx_reply", message.ref == heartbeatRef { heartbeatRef = nil }
            return []
        }
        guard message.topic == settings.topic else { return [] }
        switch message.event {
        case "phx_reply": return reply(message)
        case "postgres_changes":
            guard phase == .joined else { return [] }
            return RealtimePayload.change(message.payload, keyFields: settings.keyFields, bindingIDs: bindingIDs).compactMap(Self.signal)
        case "system": return system(message.payload.node)
        case "phx_close", "phx_error":
            // Only for this join: a late one from an earlier join says nothing now.
            if let ref = message.joinRef ?? message.ref, ref != joinRef { return [] }
            guard phase == .joined || phase.isJoining else { return [] }
            return wait(message.event == "phx_close" ? "the server closed the channel" : "the channel failed on the server")
        default: return []
        }
    }

    // MARK: Steps

    private mutating func join() -> Action {
        let ref = makeRef()
        joinRef = ref
        phase = .joining(ref: ref)
        serverToken = accessToken
        var w = JSONWriter(reserving: 256)
        w.beginObject()
        w.key("config")
        w.beginObject()
        w.key("broadcast"); w.beginObject(); w.key("ack"); w.bool(false); w.key("self"); w.bool(false); w.endObject()
        w.key("presence"); w.beginObject(); w.field("key", ""); w.key("enabled"); w.bool(false); w.endObject()
        w.key("private"); w.bool(false)
        w.key("postgres_changes")
        w.beginArray()
        for binding in settings.bindings { binding.write(into: &w) }
        w.endArray()
        w.endObject()
        if let accessToken { w.field("access_token", accessToken) }
        w.endObject()
        return .send(settings.serializer.encode(joinRef: ref, ref: ref, topic: settings.topic, event: "phx_join", payload: w.string))
    }

    private mutating func reply(_ message: PhoenixMessage) -> [Action] {
        guard case .joining(let ref) = phase, message.ref == ref else { return [] }
        switch RealtimePayload.reply(message.payload.node) {
        case .ok(let bindings):
            if let bindings {
                let matches = bindings.count == settings.bindings.count && zip(bindings, settings.bindings).allSatisfy { given, asked in
                    given.0.event == asked.event && given.0.schema == asked.schema && given.0.table == asked.table && given.0.filter == asked.filter
                }
                guard matches else {
                    phase = .ended("the server's postgres_changes bindings do not match the join's")
                    return [.close(because: "the server's postgres_changes bindings do not match the join's")]
                }
                bindingIDs = Set(bindings.compactMap(\.1))
            } else {
                bindingIDs = nil
            }
            phase = .joined
            failures = 0
            return [.signal(.status(.open))]
        case .error(let reason):
            if Self.isPermanent(reason) {
                let why = "Realtime refused to join \(Sanitize.line(settings.topic)): \(reason)"
                phase = .ended(why)
                return [.close(because: why)]
            }
            return wait(reason, rateLimited: Self.isRateLimit(reason))
        }
    }

    private mutating func system(_ payload: JSONNode) -> [Action] {
        guard payload["status"]?.string == "error" else { return [] }
        let message = Sanitize.line(payload["message"]?.string ?? "an error")
        let extensionName = payload["extension"]?.string ?? "system"
        return [.signal(.status(.note("Realtime (\(Sanitize.line(extensionName))): \(message)")))]
    }

    /// Refused or closed: rejoin after the backoff.
    private mutating func wait(_ why: String, rateLimited: Bool = false) -> [Action] {
        phase = .waiting
        bindingIDs = nil
        let after = rateLimited ? settings.rateLimitedBackoff : nextBackoff()
        if rateLimited { failures += 1 }
        return [.rejoin(after: after, because: why)]
    }

    private mutating func nextBackoff() -> Duration {
        failures += 1
        let delays = settings.backoff.isEmpty ? [Duration.seconds(1)] : settings.backoff
        return delays[min(failures, delays.count) - 1]
    }

    private mutating func makeRef() -> String {
        lastRef += 1
        return String(lastRef)
    }
}

extension RealtimeChannel.Phase {
    var isJoining: Bool {
        if case .joining = self { return true }
        return false
    }
}
