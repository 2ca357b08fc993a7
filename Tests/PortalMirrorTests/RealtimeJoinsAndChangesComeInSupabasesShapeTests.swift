import Foundation
import PortalCore
import PortalDemoModels
import PortalCurl
import PortalWebSocket
import PortalTestSupport
@testable import PortalMirror
import Testing
import PortalJSON

/// The mirror's Supabase Realtime (`/realtime/v1/websocket`) over a real WebSocket
/// (portal's client, `LibWebSocketsConnector` on libwebsockets): joins and their replies, heartbeats,
/// `--churn`'s changes in Realtime's payload shape, filters, the v2 serializer, the apikey
/// and the access token's checks, and row-level security for signed-in users.
@Suite(.timeLimit(.minutes(2))) struct RealtimeJoinsAndChangesComeInSupabasesShapeTests {
    struct Client {
        let connection: any WebSocketConnection
        let serializer: PhoenixSerializer

        func send(ref: String?, topic: String, event: String, payload: String) async throws {
            try await connection.send(.text(serializer.encode(joinRef: ref, ref: ref, topic: topic, event: event, payload: payload)))
        }

        /// The next message's text.
        func nextText() async throws -> String {
            switch try await connection.receive() {
            case .message(.text(let text)): return text
            case .message(.binary): throw TestFailure("a binary frame")
            case .closed(let code, let reason): throw TestFailure("closed \(code.map(String.init) ?? "-") \(reason)")
            }
        }

        func next() async throws -> PhoenixMessage { try serializer.decode(try await nextText()) }

        func join(_ topic: String, bindings: String = #"[{"event":"*","schema":"public","table":"characters"}]"#, token: String? = nil, ref: String = "1") async throws -> PhoenixMessage {
            let tokenField = token.map { #","access_token":"\#($0)""# } ?? ""
            try await send(ref: ref, topic: topic, event: "phx_join", payload: #"{"config":{"postgres_changes":\#(bindings)}\#(tokenField)}"#)
            return try await next()
        }
    }

    static func with(rate: Int = 10, clock: ManualClock, requireKey: String? = nil, users: [MirrorAuth.User] = [], ttl: Double = 3600,
                     _ body: (RunningMirror) async throws -> Void) async throws {
        var data = Mirror.data
        data.clock = { clock.now }
        try await MirrorServer.with(.inProcess { options in
            options.churn = rate
            options.requireKey = requireKey
            options.authUsers = users
            options.tokenTTL = ttl
        }, data: data, body)
    }

    static func connect(_ m: RunningMirror, apikey: String = "anon", vsn: String = "1.0.0") async throws -> Client {
        let url = try #require(URL(string: "ws://127.0.0.1:\(m.port)/realtime/v1/websocket?apikey=\(apikey)&vsn=\(vsn)"))
        return Client(connection: try await LibWebSocketsConnector().connect(WebSocketRequest(url: url)), serializer: PhoenixSerializer(vsn: vsn) ?? .v1)
    }

    static func data(_ m: PhoenixMessage) -> JSONNode? { m.payload.node["data"] }

    /// The record as portal's SSE stream and PostgREST write it, as a dictionary.
    static func expected(_ change: ChurnChange, _ m: RunningMirror) throws -> NSDictionary {
        var w = JSONWriter()
        APIJSONEncoding(baseURL: BaseURL(m.publicURL)).write(change.record, into: &w)
        return try #require(try JSONSerialization.jsonObject(with: Data(w.bytes)) as? NSDictionary)
    }

    @Test func aJoinIsAnsweredWithItsBindingsAndChangesComeInRealtimesShape() async throws {
        let clock = ManualClock()
        try await Self.with(clock: clock) { m in
            let client = try await Self.connect(m)
            let reply = try await client.join("realtime:public:characters")
            #expect(reply.event == "phx_reply" && reply.ref == "1" && reply.topic == "realtime:public:characters")
            #expect(reply.payload.node["status"]?.string == "ok")
            let binding = try #require(reply.payload.node["response"]?["postgres_changes"]?.elements?.first)
            #expect(binding.text.hasPrefix(#"{"id":"#) && binding.text.hasSuffix(#","event":"*","schema":"public","table":"characters"}"#))
            let system = try await client.next()
            #expect(system.event == "system" && system.ref == nil)
            #expect(system.payload.text == #"{"channel":"public:characters","extension":"postgres_changes","message":"Subscribed to PostgreSQL","status":"ok"}"#)
            try await client.send(ref: "2", topic: "phoenix", event: "heartbeat", payload: "{}")
            #expect(try await client.nextText() == #"{"event":"phx_reply","payload":{"response":{},"status":"ok"},"ref":"2","topic":"phoenix"}"#)

            clock.advance(.seconds(1))
            let churn = try #require(m.churn)
            let made = try #require(churn.changes(after: 0).changes)
            #expect(made.count == 10)
            for change in made {
                let text = try await client.nextText()
                let message = try client.serializer.decode(text)
                #expect(text.hasPrefix(#"{"event":"postgres_changes","payload":{"data":{"columns":[{"name": "id", "type": "int8"}, {"name": "name", "type": "text"}"#))
                #expect(text.hasSuffix(#"},"ids":[\#(binding.node["id"].map { if case .number(let n) = $0 { n } else { "" } } ?? "")]},"ref":null,"topic":"realtime:public:characters"}"#))
                let data = try #require(Self.data(message))
                #expect(data["type"]?.string == RealtimeChangeData.type(change.kind))
                #expect(data["errors"] == .null && data["schema"]?.string == "public" && data["table"]?.string == "characters")
                #expect(data["commit_timestamp"]?.string?.hasSuffix("Z") == true)
                let fields = try #require(data.fields).map(\.key)
                let recordText = try #require(data.fields?.first { $0.key == (change.kind == .deleted ? "old_record" : "record") }?.value.text)
                switch change.kind {
                case .created:
                    #expect(fields == ["columns", "commit_timestamp", "errors", "record", "schema", "table", "type"])
                case .updated:
                    #expect(fields == ["columns", "commit_timestamp", "errors", "old_record", "record", "schema", "table", "type"])
                case .deleted:
                    #expect(fields == ["columns", "commit_timestamp", "errors", "old_record", "schema", "table", "type"])
                }
                if change.kind == .deleted {
                    #expect(recordText == #"{"id": \#(change.record.id)}"#)
                } else {
                    // jsonb's order: keys by length, then bytes.
                    #expect(recordText.hasPrefix(#"{"id": \#(change.record.id), "url": ""#))
                    let record = try #require(try JSONSerialization.jsonObject(with: Data(recordText.utf8)) as? NSDictionary)
                    #expect(record == (try Self.expected(change, m)))
                }
            }
        }
    }

    @Test func filtersPickTheChangesAsRealtimeDoes() async throws {
        let clock = ManualClock()
        try await Self.with(clock: clock) { m in
            let client = try await Self.connect(m)
            // Sent in topic order for each change: the unfiltered channel's message comes last.
            for (ref, topic, bindings) in [
                ("1", "realtime:a-low", #"[{"event":"*","schema":"public","table":"characters","filter":"id=lt.400"}]"#),
                ("2", "realtime:b-alive", #"[{"event":"UPDATE","schema":"public","table":"characters","filter":"status=eq.Alive"}]"#),
                ("3", "realtime:z-all", #"[{"event":"*","schema":"public","table":"characters"}]"#),
            ] {
                #expect(try await client.join(topic, bindings: bindings, ref: ref).payload.node["status"]?.string == "ok")
                #expect(try await client.next().event == "system")
            }
            clock.advance(.seconds(3))
            let made = try #require(m.churn?.changes(after: 0).changes)
            var seen: [String: [String]] = [:]
            while seen["realtime:z-all", default: []].count < made.count {
                let message = try await client.next()
                guard message.event == "postgres_changes", let data = Self.data(message) else { continue }
                let id = (data["record"] ?? data["old_record"])?["id"].map { if case .number(let n) = $0 { n } else { "?" } } ?? "?"
                seen[message.topic, default: []].append("\(data["type"]?.string ?? "?") \(id)")
            }
            func line(_ c: ChurnChange) -> String { "\(RealtimeChangeData.type(c.kind)) \(c.record.id)" }
            #expect(seen["realtime:z-all"] == made.map(line))
            #expect(seen["realtime:a-low", default: []] == made.filter { $0.record.id < 400 }.map(line))
            #expect(seen["realtime:b-alive", default: []] == made.filter { $0.kind == .updated && $0.record.status.rawValue == "Alive" }.map(line))
            #expect(!made.filter { $0.record.id < 400 }.isEmpty)
        }
    }

    @Test func version2AnswersInArraysAndABadTableOrFilterIsASystemError() async throws {
        try await Self.with(clock: ManualClock()) { m in
            let client = try await Self.connect(m, vsn: "2.0.0")
            try await client.send(ref: "1", topic: "realtime:x", event: "phx_join",
                                  payload: #"{"config":{"postgres_changes":[{"event":"*","schema":"public","table":"nope"},{"event":"*","schema":"public","table":"characters","filter":"id=like.5"}]}}"#)
            let reply = try await client.nextText()
            #expect(reply.hasPrefix(#"["1","1","realtime:x","phx_reply",{"response":{"postgres_changes":[{"id":"#))
            let first = try await client.next()
            #expect(first.event == "system" && first.payload.node["status"]?.string == "error")
            #expect(first.payload.node["message"]?.string?.hasPrefix("Unable to subscribe to changes with given parameters.") == true)
            #expect(try await client.next().payload.node["message"]?.string == "Error parsing `filter` params: id=like.5")
            try await client.send(ref: "3", topic: "realtime:", event: "phx_join", payload: "{}")
            #expect(try await client.nextText() == #"["3","3","realtime:","phx_reply",{"response":{"reason":"TopicNameRequired: You must provide a topic name"},"status":"error"}]"#)
            try await client.send(ref: "4", topic: "realtime:other", event: "access_token", payload: #"{"access_token":"t"}"#)
            #expect(try await client.next().payload.text == #"{"response":{"reason":"unmatched topic"},"status":"error"}"#)
            // A frame that is no message closes the socket, as Phoenix's decoder does.
            try await client.connection.send(.text("{not json"))
            guard case .closed = try await client.connection.receive() else { Issue.record("not closed"); return }
        }
    }

    @Test func theApikeyIsCheckedAsTheRestRoutesCheckIt() async throws {
        try await Self.with(clock: ManualClock(), requireKey: "K") { m in
            let wrong = try await Mirror.get(m, "/realtime/v1/websocket?apikey=nope&vsn=1.0.0")
            let code = try wrong.object()["code"] as? String
            #expect(wrong.status == 401 && code == "PGRST301")
            let missing = try await Mirror.get(m, "/realtime/v1/websocket?vsn=1.0.0")
            #expect(missing.status == 401 && missing.text == #"{"error":"API key is missing"}"#)
            let plain = try await Mirror.get(m, "/realtime/v1/websocket?apikey=K&vsn=1.0.0")
            #expect(plain.status == 400 && plain.text == #"{"error":"expected a WebSocket upgrade"}"#)
            #expect(try await Mirror.get(m, "/realtime/v1/websocket?apikey=K&vsn=3.0.0").status == 400)
            // A refused upgrade: hummingbird-websocket answers it 400 itself (no body).
            let client = try await Self.connect(m, apikey: "K")
            #expect(try await client.join("realtime:public:characters").payload.node["status"]?.string == "ok")
            // Read to the end: a message left unread holds portal's client, and the mirror's stop with it.
            #expect(try await client.next().event == "system")
        }
    }
}
