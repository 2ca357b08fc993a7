import Foundation
import HummingbirdWebSocket
import PortalCore
import PortalServers
import ServiceLifecycle
import Synchronization
import PortalJSON

/// One Realtime WebSocket, served as Supabase's server does (lib/realtime_web/channels):
///
/// - `heartbeat` on `phoenix` → `phx_reply` ok `{}`;
/// - `phx_join` of `realtime:<name>` → `phx_reply` ok with each `postgres_changes` binding
///   and its id (`{"id","event","filter","schema","table"}`), then `system` "Subscribed to
///   PostgreSQL" — or `system` error for a table outside the publication or a filter it
///   cannot read; refused joins (`realtime:` alone, an expired, unsigned or malformed
///   token) are `phx_reply` error `{"reason": "Code: message"}`;
/// - the join's token (`access_token`, else the apikey) says whose rows are seen (row
///   level security under `--auth-user`); when it expires the channel gets `system` error
///   "Token has expired 0 seconds ago" and `phx_close`; `access_token` replaces it (an
///   expired or bad one: the same shutdown);
/// - `phx_leave` → `phx_reply` ok, and the channel is gone; a message for a topic not
///   joined → `phx_reply` error `unmatched topic`;
/// - every `--churn` change of `characters` goes to each channel with a binding it
///   matches (event, table, filter), as `postgres_changes` `{"data":…,"ids":[…]}`;
/// - a frame that is not a message closes the socket (Phoenix's decoder raises).
final class RealtimeConnection: Sendable {
    struct Binding: Sendable {
        var binding: RealtimeBinding
        var id: Int
        var filter: RealtimeFilter?
        /// The subscription was refused (table or filter): nothing is sent for it.
        var refused: Bool
    }

    struct Channel: Sendable {
        var topic: String
        var joinRef: String?
        var bindings: [Binding]
        var token: String
        var viewer: MirrorRealtime.Viewer
        var expiry: Task<Void, Never>?
    }

    let realtime: MirrorRealtime
    let opening: MirrorRealtime.Opening
    let outbound: WebSocketOutboundWriter
    let channels = Mutex<[String: Channel]>([:])

    init(_ realtime: MirrorRealtime, _ opening: MirrorRealtime.Opening, _ outbound: WebSocketOutboundWriter) {
        self.realtime = realtime
        self.opening = opening
        self.outbound = outbound
    }

    var serializer: PhoenixSerializer { opening.serializer }

    /// Serves the connection until the client goes, or the mirror shuts down (then it is
    /// closed with 1001, so a client that reads nothing cannot hold the shutdown).
    func serve(_ inbound: WebSocketInboundStream) async {
        let pump = Task { await pumpChanges() }
        defer {
            pump.cancel()
            for channel in channels.withLock({ $0.values }) { channel.expiry?.cancel() }
        }
        let outbound = self.outbound
        await withGracefulShutdownHandler {
            var messages = inbound.messages(maxSize: PhoenixSerializer.defaultMaxFrameBytes).makeAsyncIterator()
            while let message = try? await messages.next() {
                guard case .text(let text) = message, let decoded = try? serializer.decode(text) else {
                    try? await outbound.close(.unexpectedServerError, reason: "the frame is not a Phoenix message")
                    return
                }
                await handle(decoded)
            }
        } onGracefulShutdown: {
            Task { try? await outbound.close(.goingAway, reason: "the server is shutting down") }
        }
    }

    func handle(_ m: PhoenixMessage) async {
        if m.topic == PhoenixMessage.socketTopic, m.event == "heartbeat" { return await reply(m, ok: true, response: "{}") }
        switch m.event {
        case "phx_join": await join(m)
        case "access_token": await accessToken(m)
        case "phx_leave":
            let left = channels.withLock { $0.removeValue(forKey: m.topic) }
            left?.expiry?.cancel()
            await reply(m, ok: left != nil, response: left != nil ? "{}" : #"{"reason":"unmatched topic"}"#)
        default:
            let joined = channels.withLock { $0[m.topic] != nil }
            if !joined { await reply(m, ok: false, response: #"{"reason":"unmatched topic"}"#) }
        }
    }

    // MARK: Sending

    /// Phoenix's 1.0.0 serializer writes no `join_ref`; 2.0.0's array has its place.
    func send(joinRef: String?, ref: String?, topic: String, event: String, payload: String) async {
        let text = serializer.encode(joinRef: serializer == .v1 ? nil : joinRef, ref: ref, topic: topic, event: event, payload: payload)
        try? await outbound.write(.text(text))
    }

    func reply(_ m: PhoenixMessage, ok: Bool, response: String) async {
        await send(joinRef: m.joinRef, ref: m.ref, topic: m.topic, event: "phx_reply",
                   payload: "{\"response\":\(response),\"status\":\"\(ok ? "ok" : "error")\"}")
    }

    /// `{"channel","extension","message","status"}` on the channel's topic.
    func system(topic: String, extension name: String, ok: Bool, message: String) async {
        var w = JSONWriter()
        w.beginObject()
        w.field("channel", String(topic.dropFirst("realtime:".count)))
        w.field("extension", name)
        w.field("message", message)
        w.field("status", ok ? "ok" : "error")
        w.endObject()
        await send(joinRef: nil, ref: nil, topic: topic, event: "system", payload: w.string)
    }

    /// Realtime's `shutdown_response`: a `system` error, then the channel closes.
    func shutdown(topic: String, message: String) async {
        guard let channel = channels.withLock({ $0.removeValue(forKey: topic) }) else { return }
        channel.expiry?.cancel()
        realtime.ledger.shut(message)
        await system(topic: topic, extension: "system", ok: false, message: message)
        await send(joinRef: channel.joinRef, ref: channel.joinRef, topic: topic, event: "phx_close", payload: "{}")
    }

    // MARK: Changes

    /// Sends each `--churn` change as it happens, to the channels it is meant for.
    func pumpChanges() async {
        guard let churn = realtime.churn else { return }
        var sent = churn.changes(after: 0).latest
        while !Task.isCancelled {
            let (changes, latest) = churn.changes(after: sent)
            for change in changes ?? [] { await deliver(change, churn) }
            sent = latest
            let untilNext = churn.due(sent + 1) - churn.now()
            try? await Task.sleep(for: min(max(untilNext, .milliseconds(1)), .milliseconds(250)))
        }
    }

    func deliver(_ change: ChurnChange, _ churn: CharacterChurn) async {
        let type = RealtimeChangeData.type(change.kind)
        let deletion = change.kind == .deleted
        let targets: [(topic: String, ids: [Int])] = channels.withLock { channels in
            channels.values.sorted { $0.topic < $1.topic }.compactMap { channel in
                guard channel.viewer.sees(id: change.record.id, deletion: deletion) else { return nil }
                let ids = channel.bindings.filter { bound in
                    let b = bound.binding
                    guard !bound.refused, b.schema == "public" || b.schema == "*", b.table == "characters" || b.table == "*",
                          b.event == "*" || b.event.uppercased() == type else { return false }
                    guard let filter = bound.filter else { return true }
                    // A deletion's old row holds only the primary key.
                    return filter.passes { column in deletion ? (column == "id" ? .number(String(change.record.id)) : nil) : change.record.realtimeColumn(column) }
                }.map(\.id)
                return ids.isEmpty ? nil : (channel.topic, ids)
            }
        }
        guard !targets.isEmpty else { return }
        let ago = churn.now() - churn.due(change.number)
        let committed = Date().addingTimeInterval(-(Double(ago.components.seconds) + Double(ago.components.attoseconds) / 1e18))
        let data = RealtimeChangeData.data(change, table: "characters", encoding: realtime.encoding, committed: committed)
        for target in targets {
            let payload = "{\"data\":" + data + ",\"ids\":[" + target.ids.map(String.init).joined(separator: ",") + "]}"
            await send(joinRef: nil, ref: nil, topic: target.topic, event: "postgres_changes", payload: payload)
        }
    }
}
