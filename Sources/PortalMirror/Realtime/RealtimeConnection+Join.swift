import Foundation
import PortalCore
import PortalServers
import PortalJSON

/// Joins and tokens, as Realtime's channel answers them.
extension RealtimeConnection {
    func join(_ m: PhoenixMessage) async {
        guard m.topic.hasPrefix("realtime:"), m.topic.count > "realtime:".count else {
            return await reply(m, ok: false, response: Self.reason("TopicNameRequired: You must provide a topic name"))
        }
        let token = m.payload.node["access_token"]?.string ?? m.payload.node["user_token"]?.string ?? opening.apiKey
        let viewer: MirrorRealtime.Viewer
        switch realtime.check(token: token, apiKey: opening.apiKey) {
        case .viewer(let seen): viewer = seen
        case .expired(let message): return await reply(m, ok: false, response: Self.reason("InvalidJWTToken: " + message))
        case .malformed(let message): return await reply(m, ok: false, response: Self.reason("MalformedJWT: " + message))
        case .unsigned: return await reply(m, ok: false, response: Self.reason("JwtSignatureError: Failed to validate JWT signature"))
        }
        let asked = m.payload.node["config"]?["postgres_changes"]?.elements ?? []
        var bindings: [Binding] = []
        var problems: [String] = []
        for element in asked {
            guard let (binding, _) = RealtimeBinding.read(element.node) else {
                problems.append("Error parsing `postgres_changes` params: \(Sanitize.line(element.text, limit: 200))")
                continue
            }
            let filter = binding.filter.flatMap(RealtimeFilter.init)
            var refused = false
            if binding.filter != nil, filter == nil {
                refused = true
                problems.append("Error parsing `filter` params: \(Sanitize.line(binding.filter ?? "", limit: 200))")
            } else if binding.table != "*", !MirrorRealtime.tables.contains(binding.table) || !(binding.schema == "public" || binding.schema == "*") {
                refused = true
                problems.append("Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: "
                    + "[event: \(binding.event), schema: \(binding.schema), table: \(binding.table), filters: [\(binding.filter ?? "")]]")
            }
            bindings.append(Binding(binding: binding, id: Self.bindingID(element.text), filter: filter, refused: refused))
        }
        let previous = channels.withLock { channels in
            defer { channels[m.topic] = Channel(topic: m.topic, joinRef: m.joinRef ?? m.ref, bindings: bindings, token: token, viewer: viewer) }
            return channels[m.topic]
        }
        previous?.expiry?.cancel()
        await reply(m, ok: true, response: "{\"postgres_changes\":[" + bindings.map(Self.replyText).joined(separator: ",") + "]}")
        watchExpiry(topic: m.topic, viewer: viewer, token: token)
        guard !bindings.isEmpty else { return }
        if problems.isEmpty {
            await system(topic: m.topic, extension: "postgres_changes", ok: true, message: "Subscribed to PostgreSQL")
        } else {
            for problem in problems { await system(topic: m.topic, extension: "postgres_changes", ok: false, message: problem) }
        }
    }

    func accessToken(_ m: PhoenixMessage) async {
        guard let current = channels.withLock({ $0[m.topic] }) else {
            return await reply(m, ok: false, response: #"{"reason":"unmatched topic"}"#)
        }
        guard let token = m.payload.node["access_token"]?.string, !token.hasPrefix("sb_"), token != current.token else { return }
        switch realtime.check(token: token, apiKey: opening.apiKey) {
        case .viewer(let viewer):
            let replaced = channels.withLock { channels -> Bool in
                guard channels[m.topic] != nil else { return false }
                channels[m.topic]?.expiry?.cancel()
                channels[m.topic]?.token = token
                channels[m.topic]?.viewer = viewer
                return true
            }
            if replaced {
                realtime.ledger.renewed()
                watchExpiry(topic: m.topic, viewer: viewer, token: token)
            }
        case .expired(let message), .malformed(let message):
            await shutdown(topic: m.topic, message: message)
        case .unsigned:
            await shutdown(topic: m.topic, message: ":signature_error")
        }
    }

    /// When the channel's token expires and no other came: Realtime's shutdown.
    func watchExpiry(topic: String, viewer: MirrorRealtime.Viewer, token: String) {
        guard case .user(_, let expiresAt) = viewer, let auth = realtime.auth else { return }
        let wait = max(0, expiresAt.timeIntervalSince(auth.clockNow))
        let task = Task { [weak self] in
            try? await Task.sleep(for: .milliseconds(Int(wait * 1000) + 1))
            // Its own task is let go first: the shutdown cancels the channel's expiry task.
            guard !Task.isCancelled, let self, self.channels.withLock({ channels in
                guard channels[topic]?.token == token else { return false }
                channels[topic]?.expiry = nil
                return true
            }) else { return }
            let late = Int(max(0, auth.clockNow.timeIntervalSince(expiresAt)).rounded(.down))
            await self.shutdown(topic: topic, message: "Token has expired \(late) seconds ago")
        }
        let kept = channels.withLock { channels -> Bool in
            guard channels[topic]?.token == token else { return false }
            channels[topic]?.expiry = task
            return true
        }
        if !kept { task.cancel() }
    }

    static func reason(_ text: String) -> String {
        var w = JSONWriter()
        w.beginObject()
        w.field("reason", text)
        w.endObject()
        return w.string
    }

    /// A binding in the join's reply: `id` first, then the binding's own keys in order
    /// (Realtime's map with an atom key among string ones).
    static func replyText(_ bound: Binding) -> String {
        var w = JSONWriter()
        w.beginObject()
        w.field("id", bound.id)
        w.field("event", bound.binding.event)
        if let filter = bound.binding.filter { w.field("filter", filter) }
        w.field("schema", bound.binding.schema)
        w.field("table", bound.binding.table)
        w.endObject()
        return w.string
    }

    /// A stable id for a binding (Realtime's is `:erlang.phash2` of its params: 27 bits).
    static func bindingID(_ text: String) -> Int {
        var hash: UInt32 = 2_166_136_261
        for byte in text.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return Int(hash & 0x7FF_FFFF)
    }
}
