import Foundation
import PortalCore
import PortalCurl
import PortalTestSupport
@testable import PortalMirror
import Testing

/// The mirror's Realtime with signed-in users (`--auth-user`): a join's token is checked
/// as Realtime checks it, a channel is closed when its token expires unless a renewed one
/// came as `access_token`, and each user gets only their own rows' changes (deletions go
/// to everyone, as Postgres cannot filter them by policy).
@Suite(.timeLimit(.minutes(2))) struct RealtimeTokensAreCheckedAndRowsKeptPerUserTests {
    static let users = [MirrorAuth.User(email: "ann@example.com", password: "PW"), MirrorAuth.User(email: "bob@example.com", password: "PB")]

    static func signIn(_ m: RunningMirror, _ user: MirrorAuth.User) async throws -> (access: String, refresh: String) {
        let url = try #require(URL(string: m.origin + "/auth/v1/token?grant_type=password"))
        let body = Data(#"{"email":"\#(user.email)","password":"\#(user.password)"}"#.utf8)
        let response = try await Mirror.transport.send(HTTPRequest(method: "POST", url: url, headers: ["content-type": "application/json"], body: body))
        let object = try response.object()
        return (try #require(object["access_token"] as? String), try #require(object["refresh_token"] as? String))
    }

    static func refresh(_ m: RunningMirror, _ token: String) async throws -> String {
        let url = try #require(URL(string: m.origin + "/auth/v1/token?grant_type=refresh_token"))
        let response = try await Mirror.transport.send(HTTPRequest(method: "POST", url: url, body: Data(#"{"refresh_token":"\#(token)"}"#.utf8)))
        return try #require(try response.object()["access_token"] as? String)
    }

    @Test func aJoinsTokenIsCheckedAndAnExpiredOneClosesTheChannel() async throws {
        try await RealtimeJoinsAndChangesComeInSupabasesShapeTests.with(clock: ManualClock(), users: Self.users, ttl: 1) { m in
            let client = try await RealtimeJoinsAndChangesComeInSupabasesShapeTests.connect(m)
            let unsigned = try await client.join("realtime:a", token: "x.y.z")
            #expect(unsigned.payload.text == #"{"response":{"reason":"JwtSignatureError: Failed to validate JWT signature"},"status":"error"}"#)
            let malformed = try await client.join("realtime:a", token: "not-a-jwt", ref: "2")
            #expect(malformed.payload.node["response"]?["reason"]?.string == "MalformedJWT: The token provided is not a valid JWT")
            let ann = try await Self.signIn(m, Self.users[0])
            #expect(try await client.join("realtime:a", token: ann.access, ref: "3").payload.node["status"]?.string == "ok")
            #expect(try await client.next().event == "system")
            // A bad token sent again: Realtime's shutdown (a system error, then phx_close).
            try await client.send(ref: "4", topic: "realtime:a", event: "access_token", payload: #"{"access_token":"x.y.z"}"#)
            #expect(try await client.next().payload.text == #"{"channel":"a","extension":"system","message":":signature_error","status":"error"}"#)
            let closed = try await client.next()
            #expect(closed.event == "phx_close" && closed.ref == "3" && closed.payload.text == "{}")
            // Joined again, and left to expire (1 s).
            #expect(try await client.join("realtime:a", token: ann.access, ref: "5").payload.node["status"]?.string == "ok")
            #expect(try await client.next().event == "system")
            let expired = try await client.next()
            #expect(expired.payload.node["message"]?.string?.hasPrefix("Token has expired ") == true && expired.payload.node["extension"]?.string == "system")
            #expect(try await client.next().event == "phx_close")
            let late = try await client.join("realtime:a", token: ann.access, ref: "6")
            #expect(late.payload.node["response"]?["reason"]?.string?.hasPrefix("InvalidJWTToken: Token has expired ") == true)
        }
    }

    @Test func aRenewedTokenSentAsAccessTokenKeepsTheChannel() async throws {
        // Tokens live 6 s of real time: the first is renewed 3 s after sign-in (so the renewed
        // one lives till about 9 s) and the heartbeat goes at 7.5 s, past the first's expiry.
        // Deadlines from one start, so a slow step under load does not push the next.
        try await RealtimeJoinsAndChangesComeInSupabasesShapeTests.with(clock: ManualClock(), users: Self.users, ttl: 6) { m in
            let start = ContinuousClock.now
            let client = try await RealtimeJoinsAndChangesComeInSupabasesShapeTests.connect(m)
            let ann = try await Self.signIn(m, Self.users[0])
            #expect(try await client.join("realtime:a", token: ann.access).payload.node["status"]?.string == "ok")
            #expect(try await client.next().event == "system")
            try await Task.sleep(until: start + .seconds(3), clock: .continuous)
            let renewed = try await Self.refresh(m, ann.refresh)
            try await client.send(ref: "2", topic: "realtime:a", event: "access_token", payload: #"{"access_token":"\#(renewed)"}"#)
            // Past the first token's expiry: a heartbeat's reply is the next message, no shutdown.
            try await Task.sleep(until: start + .milliseconds(7500), clock: .continuous)
            try await client.send(ref: "3", topic: "phoenix", event: "heartbeat", payload: "{}")
            let next = try await client.next()
            #expect(next.topic == "phoenix" && next.event == "phx_reply" && next.ref == "3")
        }
    }

    @Test func eachUserGetsTheirOwnRowsChangesAndEveryDeletion() async throws {
        let clock = ManualClock()
        try await RealtimeJoinsAndChangesComeInSupabasesShapeTests.with(clock: clock, users: Self.users) { m in
            let client = try await RealtimeJoinsAndChangesComeInSupabasesShapeTests.connect(m)
            let ann = try await Self.signIn(m, Self.users[0])
            let bob = try await Self.signIn(m, Self.users[1])
            #expect(try await client.join("realtime:ann", token: ann.access).payload.node["status"]?.string == "ok")
            #expect(try await client.next().event == "system")
            #expect(try await client.join("realtime:bob", token: bob.access, ref: "2").payload.node["status"]?.string == "ok")
            #expect(try await client.next().event == "system")
            clock.advance(.seconds(2))
            let made = try #require(m.churn?.changes(after: 0).changes)
            func line(_ c: ChurnChange) -> String { "\(RealtimeChangeData.type(c.kind)) \(c.record.id)" }
            let forAnn = made.filter { $0.kind == .deleted || $0.record.id % 2 == 1 }.map(line)
            let forBob = made.filter { $0.kind == .deleted || $0.record.id % 2 == 0 }.map(line)
            var seen: [String: [String]] = [:]
            while seen["realtime:ann", default: []].count < forAnn.count || seen["realtime:bob", default: []].count < forBob.count {
                let message = try await client.next()
                guard message.event == "postgres_changes", let data = RealtimeJoinsAndChangesComeInSupabasesShapeTests.data(message) else { continue }
                let id = (data["record"] ?? data["old_record"])?["id"].map { if case .number(let n) = $0 { n } else { "?" } } ?? "?"
                seen[message.topic, default: []].append("\(data["type"]?.string ?? "?") \(id)")
            }
            #expect(seen["realtime:ann"] == forAnn)
            #expect(seen["realtime:bob"] == forBob)
        }
    }
}
