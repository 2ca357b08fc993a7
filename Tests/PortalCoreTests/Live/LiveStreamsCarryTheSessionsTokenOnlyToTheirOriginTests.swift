import Foundation
import PortalCore
import PortalTestSupport
import Synchronization
import Testing
import PortalAuth

/// A signed-in list's live feeds carry the session's token (issue 38, items 2 and 4): a
/// saved API's OAuth2 client (or a Supabase session) gives `Authorization: Bearer <the
/// current token>` to its server-sent events stream and its GraphQL subscription — only
/// when they are on the list's origin — asked of the session for each connection, so a
/// reconnection after a renewal carries the renewed token. Over scripted transports, every
/// token request counted.
@Suite struct LiveStreamsCarryTheSessionsTokenOnlyToTheirOriginTests {
    /// An OAuth2 token endpoint: each token request answers `tok-N` (N counting from 1),
    /// good for `ttl` seconds of `clock`.
    final class TokenServer: Transport, Sendable {
        let issued = Mutex(0)
        let seconds = Mutex(0.0)
        let ttl: Int

        init(ttl: Int = 60) { self.ttl = ttl }

        var now: Date { Date(timeIntervalSince1970: 1_000_000 + seconds.withLock { $0 }) }
        func advance(_ by: Double) { seconds.withLock { $0 += by } }

        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            let n = issued.withLock { $0 += 1; return $0 }
            let body = #"{"access_token":"tok-\#(n)","token_type":"bearer","expires_in":\#(ttl)}"#
            return HTTPResponse(status: 200, headers: ["content-type": "application/json"], body: Data(body.utf8))
        }

        func session() -> AuthSession {
            let grant = OAuth2ClientCredentialsGrant(tokenURL: URL(string: "http://auth.example.com/oauth/token")!, clientID: "cli", clientSecret: "s3cr3t")
            return AuthSession(grant: grant, transport: self, now: { [self] in now })
        }
    }

    static let listOrigin = SplitURL(AnEventSourceReconnectsBacksOffAndKeepsToItsOriginTests.list.absoluteString)?.origin

    /// Follows `url` signed in, the clock moved on `advance` seconds at each wait between
    /// connections.
    static func follow(_ url: URL, _ script: AnEventSourceReconnectsBacksOffAndKeepsToItsOriginTests.Script, server: TokenServer, advance: Double = 0) async throws -> [EventSource.Signal] {
        var source = EventSource(url: url, headers: ["apikey": "anon"], credentialOrigin: listOrigin, session: server.session())
        source.sleep = { _ in server.advance(advance) }
        var signals: [EventSource.Signal] = []
        _ = try await source.run(over: script) { signals.append($0) }
        return signals
    }

    @Test func aStreamOnTheListsOriginGetsTheCurrentTokenAndTheRenewedOneOnReconnection() async throws {
        let server = TokenServer(ttl: 60)
        let script = AnEventSourceReconnectsBacksOffAndKeepsToItsOriginTests.Script([
            .stream(chunks: ["id: 1\ndata: {\"id\":1}\n\n"], thenFail: .timedOut(.idle(seconds: 45))),
            .stream(chunks: ["id: 2\ndata: {\"id\":2}\n\n"], thenFail: .timedOut(.idle(seconds: 45))),
        ])
        // 3 s between connections: the first reconnection still has tok-1; 61 s: the token
        // is due, so the session renews it before the next stream is asked.
        var source = EventSource(url: AnEventSourceReconnectsBacksOffAndKeepsToItsOriginTests.list, headers: ["apikey": "anon"], credentialOrigin: Self.listOrigin, session: server.session())
        let waits = Mutex([3.0, 61.0])
        source.sleep = { _ in server.advance(waits.withLock { $0.isEmpty ? 0 : $0.removeFirst() }) }
        _ = try await source.run(over: script) { _ in }
        let sent = script.requests.withLock { $0 }
        #expect(sent.map { $0.headers["Authorization"] } == ["Bearer tok-1", "Bearer tok-1", "Bearer tok-2"])
        #expect(sent.allSatisfy { $0.headers["apikey"] == "anon" })
        #expect(sent.last?.headers["Last-Event-ID"] == "2")
        #expect(server.issued.withLock { $0 } == 2)
    }

    @Test func aStreamOnAnotherOriginGetsNoTokenAndNoTokenIsAsked() async throws {
        let server = TokenServer()
        let script = AnEventSourceReconnectsBacksOffAndKeepsToItsOriginTests.Script([.stream(chunks: ["data: {\"id\":1}\n\n"])])
        let elsewhere = URL(string: "https://push.example.com/events")!
        let signals = try await Self.follow(elsewhere, script, server: server)
        let sent = script.requests.withLock { $0 }
        #expect(sent.count == 2 && sent.allSatisfy { $0.headers["Authorization"] == nil && $0.headers["apikey"] == nil })
        #expect(server.issued.withLock { $0 } == 0)
        #expect(signals.first == .note("the events URL is not on the list's origin: asked without the list's credentials"))
    }

    @Test func aStreamTurnedAwayWith401RenewsTheTokenOnceAndAsksAgain() async throws {
        let server = TokenServer()
        let script = AnEventSourceReconnectsBacksOffAndKeepsToItsOriginTests.Script([
            .stream(status: 401, headers: ["content-type": "application/json"], chunks: [#"{"error":"invalid_token"}"#]),
            .stream(chunks: ["data: {\"id\":1}\n\n"]),
            .stream(status: 401, headers: [:], chunks: []),
            .stream(status: 401, headers: [:], chunks: []),
        ])
        let signals = try await Self.follow(AnEventSourceReconnectsBacksOffAndKeepsToItsOriginTests.list, script, server: server)
        let sent = script.requests.withLock { $0 }
        // Turned away, renewed, streamed; then (after the stream ended) turned away twice in
        // a row: one renewal, and the second 401 is the answer.
        #expect(sent.map { $0.headers["Authorization"] } == ["Bearer tok-1", "Bearer tok-2", "Bearer tok-2", "Bearer tok-3"])
        #expect(server.issued.withLock { $0 } == 3)
        #expect(signals.filter { if case .reconnecting = $0 { true } else { false } }.count == 1)
        #expect(signals.contains { if case .event(let event) = $0 { event.data == #"{"id":1}"# } else { false } })
    }

    @Test func aSubscriptionOnTheListsOriginGetsTheCurrentTokenOnEachConnection() async throws {
        let server = TokenServer(ttl: 60)
        let (first, second) = (ScriptedWebSocket(), ScriptedWebSocket())
        let connector = ScriptedWebSocketConnector([.socket(first), .socket(second)])
        let origin = Origin(scheme: "https", host: "api.example.com", port: nil)
        var feed = AGraphQLSubscriptionFollowsTheWSProtocolTests.feed(connector, ticks: ManualTicks(), headers: ["x-team": "crew"], origin: origin)
        feed.session = server.session()
        feed.sleep = { _ in server.advance(61) }
        let task = AGraphQLSubscriptionFollowsTheWSProtocolTests.follow(feed)
        #expect(try await first.nextSent() == #"{"type":"connection_init","payload":{"headers":{"Authorization":"Bearer tok-1","x-team":"crew"}}}"#)
        first.push(.closed(code: 1006, reason: ""))
        #expect(try await second.nextSent() == #"{"type":"connection_init","payload":{"headers":{"Authorization":"Bearer tok-2","x-team":"crew"}}}"#)
        second.push(.closed(code: 4400, reason: "Bad request"))
        _ = try await task.value
        #expect(connector.requests.map { $0.headers } == [["Authorization": "Bearer tok-1", "x-team": "crew"], ["Authorization": "Bearer tok-2", "x-team": "crew"]])
        #expect(server.issued.withLock { $0 } == 2)

        let away = ScriptedWebSocket()
        let other = ScriptedWebSocketConnector([.socket(away)])
        var elsewhere = AGraphQLSubscriptionFollowsTheWSProtocolTests.feed(other, ticks: ManualTicks(), origin: Origin(scheme: "https", host: "list.example.com", port: nil))
        elsewhere.session = server.session()
        let followed = AGraphQLSubscriptionFollowsTheWSProtocolTests.follow(elsewhere)
        #expect(try await away.nextSent() == #"{"type":"connection_init"}"#)
        away.push(.closed(code: 4403, reason: ""))
        let (signals, _) = try await followed.value
        #expect(other.requests.first?.headers == [:])
        #expect(signals.first == .status(.note("the subscription's URL is not on the list's origin: asked without the list's credentials")))
        #expect(server.issued.withLock { $0 } == 2)
    }

    /// graphql-transport-ws closes with 4403 (Forbidden) or 4401 when it refuses the
    /// credentials: signed in, the token is renewed at once and the next connection carries
    /// the new one; a token refused right after its renewal ends the feed (no loop).
    @Test func aSubscriptionWhoseTokenIsRefusedRenewsItOnceAndConnectsAgain() async throws {
        let server = TokenServer(ttl: 3600)
        let sockets = (0..<4).map { _ in ScriptedWebSocket() }
        let connector = ScriptedWebSocketConnector(sockets.map { .socket($0) })
        let origin = Origin(scheme: "https", host: "api.example.com", port: nil)
        var feed = AGraphQLSubscriptionFollowsTheWSProtocolTests.feed(connector, ticks: ManualTicks(), origin: origin)
        feed.session = server.session()
        let waits = Mutex(0)
        feed.sleep = { _ in waits.withLock { $0 += 1 } }
        let task = AGraphQLSubscriptionFollowsTheWSProtocolTests.follow(feed)
        func initWith(_ token: String) -> String {
            #"{"type":"connection_init","payload":{"headers":{"Authorization":"Bearer \#(token)"}}}"#
        }
        // tok-1 refused: renewed at once, no backoff.
        #expect(try await sockets[0].nextSent() == initWith("tok-1"))
        sockets[0].push(.closed(code: 4403, reason: "Forbidden"))
        // tok-2 let in; the connection drops and comes back (the one wait) with tok-2.
        #expect(try await sockets[1].nextSent() == initWith("tok-2"))
        sockets[1].push(.closed(code: 1006, reason: ""))
        // tok-2 refused later (revoked): renewed again, tok-3 asked at once.
        #expect(try await sockets[2].nextSent() == initWith("tok-2"))
        sockets[2].push(.closed(code: 4401, reason: "Unauthorized"))
        // The renewed token refused too: the end, said on the status line.
        #expect(try await sockets[3].nextSent() == initWith("tok-3"))
        sockets[3].push(.closed(code: 4403, reason: "Forbidden"))
        let (signals, why) = try await task.value
        #expect(connector.requests.count == 4)
        #expect(server.issued.withLock { $0 } == 3)
        #expect(waits.withLock { $0 } == 1, "a renewal reconnects at once; only the 1006 waited")
        #expect(why == "the server closed the subscription (4403 Forbidden)")
        #expect(signals.last == .status(.ended(why)))
    }
}
