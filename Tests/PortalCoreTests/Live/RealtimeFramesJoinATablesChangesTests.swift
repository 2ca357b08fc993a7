import Foundation
@testable import PortalCore
import Testing
import PortalJSON

/// The Phoenix channels codec and the Realtime channel's state machine, with no socket:
/// frames in, actions out — the join and its reply, heartbeats and their timeout, the
/// access token sent again, refusals and their backoff, and the frames that are no message.
@Suite struct RealtimeFramesJoinATablesChangesTests {
    static let topic = "realtime:public:characters"

    static func json(_ text: String) -> JSONNode { (try? JSONNode.parse(Data(text.utf8)).node) ?? .null }

    /// The channel joined: the join sent and answered ok, binding id 77.
    static func joined(_ settings: RealtimeChannel.Settings = .init(table: "characters"), token: String? = nil) -> RealtimeChannel {
        var channel = RealtimeChannel(settings, accessToken: token)
        _ = channel.opened()
        _ = channel.received(#"{"event":"phx_reply","payload":{"response":{"postgres_changes":[{"id":77,"event":"*","schema":"public","table":"characters"}]},"status":"ok"},"ref":"1","topic":"realtime:public:characters"}"#)
        return channel
    }

    static func sent(_ actions: [RealtimeChannel.Action]) -> [PhoenixMessage] {
        actions.compactMap { if case .send(let text) = $0 { try? PhoenixSerializer.v1.decode(text) } else { nil } }
    }

    // MARK: Codec

    @Test func version1WritesAnObjectAndVersion2AnArray() throws {
        let v1 = PhoenixSerializer.v1.encode(joinRef: "1", ref: "2", topic: Self.topic, event: "access_token", payload: #"{"access_token":"t"}"#)
        #expect(v1 == #"{"event":"access_token","join_ref":"1","payload":{"access_token":"t"},"ref":"2","topic":"realtime:public:characters"}"#)
        let v2 = PhoenixSerializer.v2.encode(joinRef: nil, ref: "3", topic: "phoenix", event: "heartbeat", payload: "{}")
        #expect(v2 == #"[null,"3","phoenix","heartbeat",{}]"#)
        for serializer in PhoenixSerializer.allCases {
            let text = serializer.encode(joinRef: "4", ref: nil, topic: Self.topic, event: "phx_close", payload: "{}")
            let back = try serializer.decode(text)
            #expect(back.joinRef == "4" && back.ref == nil && back.topic == Self.topic && back.event == "phx_close")
            #expect(back.payload.text == "{}")
        }
    }

    @Test func vsnPicksTheSerializer() {
        #expect(PhoenixSerializer(vsn: "1.0.0") == .v1)
        #expect(PhoenixSerializer(vsn: nil) == .v1)
        #expect(PhoenixSerializer(vsn: "2.0.0") == .v2)
        #expect(PhoenixSerializer(vsn: "3.0.0") == nil)
    }

    @Test func framesThatAreNoMessageAreRefusedWithTheirReason() {
        func reason(_ serializer: PhoenixSerializer, _ text: String, max: Int = 1000) -> String? {
            do { _ = try serializer.decode(text, maxBytes: max); return nil } catch { return error.description }
        }
        #expect(reason(.v1, "{not json")?.hasPrefix("a frame that is not JSON") == true)
        #expect(reason(.v1, "[1,2]") == "a frame that is not a JSON object")
        #expect(reason(.v2, #"[null,"1","phoenix","heartbeat"]"#)?.hasPrefix("a frame that is not an array of 5") == true)
        #expect(reason(.v1, #"{"event":"x","payload":{}}"#) == "a message without a topic")
        #expect(reason(.v1, #"{"topic":"t","payload":{}}"#) == "a message without an event")
        #expect(reason(.v1, #"{"topic":"t","event":"x","payload":{},"ref":{}}"#) == "a message whose ref is neither a string nor null")
        #expect(reason(.v1, String(repeating: " ", count: 1001)) == "a frame of 1001 bytes (more than 1000)")
        // A number as a ref is read as its text.
        #expect((try? PhoenixSerializer.v1.decode(#"{"topic":"t","event":"x","payload":{},"ref":12}"#))?.ref == "12")
    }

    // MARK: Join

    @Test func aJoinAsksForTheTablesChangesWithTheAccessToken() throws {
        var channel = RealtimeChannel(.init(table: "characters", filter: "id=eq.5"), accessToken: "jwt-1")
        let join = try #require(Self.sent(channel.opened()).first)
        #expect(join.topic == Self.topic && join.event == "phx_join" && join.ref == "1" && join.joinRef == "1")
        #expect(join.payload.text == #"{"config":{"broadcast":{"ack":false,"self":false},"presence":{"key":"","enabled":false},"private":false,"postgres_changes":[{"event":"*","schema":"public","table":"characters","filter":"id=eq.5"}]},"access_token":"jwt-1"}"#)
        #expect(!channel.isJoined)
    }

    @Test func anOkReplyOpensAndItsBindingIDsPickTheChanges() {
        var channel = Self.joined()
        #expect(channel.isJoined)
        func change(_ type: String, ids: String, record: String) -> [RealtimeChannel.Action] {
            channel.received(#"{"event":"postgres_changes","payload":{"data":{"columns":[{"name":"id","type":"int8"}],"commit_timestamp":"2026-11-29T03:00:00.000Z","errors":null,"old_record":{"id": 5},"#
                + #""record":\#(record),"schema":"public","table":"characters","type":"\#(type)"},"ids":[\#(ids)]},"ref":null,"topic":"realtime:public:characters"}"#)
        }
        let created = change("INSERT", ids: "77", record: #"{"id": 827, "name": "Rick (new 1)"}"#)
        guard case .signal(.change(let c))? = created.first else { Issue.record("no change: \(created)"); return }
        #expect(c.kind == .created && c.key == .number(827) && c.record.text == #"{"id": 827, "name": "Rick (new 1)"}"#)
        guard case .signal(.change(let u))? = change("UPDATE", ids: "3, 77", record: #"{"id": 5, "name": "x"}"#).first else { Issue.record("no update"); return }
        #expect(u.kind == .updated && u.key == .number(5))
        guard case .signal(.change(let d))? = change("DELETE", ids: "77", record: "null").first else { Issue.record("no delete"); return }
        #expect(d.kind == .deleted && d.key == .number(5) && d.record.text == #"{"id": 5}"#)
        #expect(change("INSERT", ids: "12", record: #"{"id": 1}"#).isEmpty)
    }

    @Test func aReplyWhoseBindingsDoNotMatchEndsTheFeed() {
        var channel = RealtimeChannel(.init(table: "characters"))
        _ = channel.opened()
        let actions = channel.received(#"{"event":"phx_reply","payload":{"response":{"postgres_changes":[{"id":1,"event":"*","schema":"public","table":"episodes"}]},"status":"ok"},"ref":"1","topic":"realtime:public:characters"}"#)
        #expect(actions == [.close(because: "the server's postgres_changes bindings do not match the join's")])
        #expect(channel.connectionEnded("closed") == [.end("the server's postgres_changes bindings do not match the join's")])
    }

    @Test func aRefusedJoinIsAskedAgainAfterABackoffUnlessRetryingCannotHelp() {
        var channel = RealtimeChannel(.init(table: "characters"))
        _ = channel.opened()
        var waits: [Duration] = []
        for _ in 0..<5 {
            let ref = channel.rejoinRef
            let actions = channel.received(#"{"event":"phx_reply","payload":{"response":{"reason":"InvalidJWTToken: Token has expired 3 seconds ago"},"status":"error"},"ref":"\#(ref)","topic":"realtime:public:characters"}"#)
            guard case .rejoin(let after, let because)? = actions.first else { Issue.record("\(actions)"); return }
            #expect(because == "InvalidJWTToken: Token has expired 3 seconds ago")
            waits.append(after)
            #expect(Self.sent(channel.rejoinDue()).first?.event == "phx_join")
        }
        #expect(waits == [.seconds(1), .seconds(2), .seconds(5), .seconds(10), .seconds(10)])
        let limited = channel.received(#"{"event":"phx_reply","payload":{"response":{"reason":"ClientJoinRateLimitReached: Too many joins per second"},"status":"error"},"ref":"\#(channel.rejoinRef)","topic":"realtime:public:characters"}"#)
        #expect(limited == [.rejoin(after: .seconds(30), because: "ClientJoinRateLimitReached: Too many joins per second")])
        _ = channel.rejoinDue()
        let final = channel.received(#"{"event":"phx_reply","payload":{"response":{"reason":"MalformedJWT: The token provided is not a valid JWT"},"status":"error"},"ref":"\#(channel.rejoinRef)","topic":"realtime:public:characters"}"#)
        let why = "Realtime refused to join realtime:public:characters: MalformedJWT: The token provided is not a valid JWT"
        #expect(final == [.close(because: why)])
        #expect(channel.connectionEnded("closed by us") == [.end(why)])
    }

    // MARK: Heartbeat

    @Test func anUnansweredHeartbeatClosesTheConnectionAndAnotherIsOpenedAfterTheBackoff() throws {
        var channel = Self.joined()
        let beat = try #require(Self.sent(channel.heartbeatDue()).first)
        #expect(beat.topic == "phoenix" && beat.event == "heartbeat" && beat.payload.text == "{}" && beat.ref == "2")
        #expect(channel.received(#"{"event":"phx_reply","payload":{"response":{},"status":"ok"},"ref":"2","topic":"phoenix"}"#).isEmpty)
        #expect(Self.sent(channel.heartbeatDue()).first?.ref == "3")
        #expect(channel.heartbeatDue() == [.close(because: "no heartbeat reply in 25 s")])
        #expect(channel.heartbeatDue().isEmpty)
        #expect(channel.connectionEnded("the server closed the connection (1000)") == [.reconnect(after: .seconds(1), because: "no heartbeat reply in 25 s")])
        // A new connection joins again; a second failure in a row waits longer.
        #expect(Self.sent(channel.opened()).first?.event == "phx_join")
        #expect(channel.connectionEnded("the connection dropped") == [.reconnect(after: .seconds(2), because: "the connection dropped")])
    }

    // MARK: Access token

    @Test func aRenewedTokenIsSentAsAccessTokenWhileJoinedAndJoinsCarryTheLatest() throws {
        var channel = RealtimeChannel(.init(table: "characters"), accessToken: "a")
        #expect(channel.tokenChanged("b").isEmpty)
        let join = try #require(Self.sent(channel.opened()).first)
        #expect(join.payload.node["access_token"]?.string == "b")
        _ = channel.received(#"{"event":"phx_reply","payload":{"response":{},"status":"ok"},"ref":"1","topic":"realtime:public:characters"}"#)
        #expect(channel.tokenChanged("b").isEmpty)
        let sent = try #require(Self.sent(channel.tokenChanged("c")).first)
        #expect(sent.event == "access_token" && sent.topic == Self.topic && sent.joinRef == "1" && sent.payload.text == #"{"access_token":"c"}"#)
        #expect(channel.tokenChanged("c").isEmpty)
        #expect(channel.credentialsFailed("the session ended") == [.close(because: "the session ended")])
        #expect(channel.connectionEnded("closed") == [.end("the session ended")])
    }

    // MARK: Server messages

    @Test func aSystemErrorIsANoteAndTheServersCloseRejoins() {
        var channel = Self.joined()
        let note = channel.received(#"{"event":"system","payload":{"channel":"public:characters","extension":"system","message":"Token has expired 2 seconds ago","status":"error"},"ref":null,"topic":"realtime:public:characters"}"#)
        #expect(note == [.signal(.status(.note("Realtime (system): Token has expired 2 seconds ago")))])
        #expect(channel.received(#"{"event":"system","payload":{"channel":"public:characters","extension":"postgres_changes","message":"Subscribed to PostgreSQL","status":"ok"},"ref":null,"topic":"realtime:public:characters"}"#).isEmpty)
        // A close for an earlier join says nothing now.
        #expect(channel.received(#"{"event":"phx_close","payload":{},"ref":"9","topic":"realtime:public:characters"}"#).isEmpty)
        #expect(channel.received(#"{"event":"phx_close","payload":{},"ref":"1","topic":"realtime:public:characters"}"#) == [.rejoin(after: .seconds(1), because: "the server closed the channel")])
        #expect(channel.received(#"{"event":"postgres_changes","payload":{"data":{"type":"INSERT","record":{"id":1}},"ids":[77]},"ref":null,"topic":"realtime:public:characters"}"#).isEmpty)
    }

    @Test func aFrameThatIsNoMessageOrTooLargeIsSkippedWithANote() {
        var settings = RealtimeChannel.Settings(table: "characters")
        settings.maxFrameBytes = 200
        var channel = Self.joined(settings)
        let broken = channel.received("{\"event\":")
        guard case .signal(.status(.note(let note)))? = broken.first, broken.count == 1 else { Issue.record("\(broken)"); return }
        #expect(note.hasPrefix("skipped a frame that is not JSON"))
        let big = #"{"event":"postgres_changes","payload":{"data":{"type":"INSERT","record":{"id":1,"name":"\#(String(repeating: "x", count: 300))"}},"ids":[77]},"ref":null,"topic":"realtime:public:characters"}"#
        #expect(channel.received(big) == [.signal(.status(.note("skipped a frame of \(big.utf8.count) bytes (more than 200)")))])
        let keyless = channel.received(#"{"event":"postgres_changes","payload":{"data":{"type":"UPDATE","record":{"name":"x"},"errors":["Error 413: Payload Too Large"]},"ids":[77]},"ref":null,"topic":"realtime:public:characters"}"#)
        #expect(keyless == [.signal(.status(.note("Realtime says: Error 413: Payload Too Large"))), .signal(.status(.note("a UPDATE change whose record has no key (id)")))])
        #expect(channel.isJoined)
    }
}

extension RealtimeChannel {
    /// The ref of the join last sent (tests answer it).
    var rejoinRef: String {
        if case .joining(let ref) = phase { return ref }
        return ""
    }
}
