import Foundation
import Testing
@testable import PortalCore
import PortalHTTP
import PortalTestSupport

/// The real HTTP client against servers that misbehave on purpose: bodies without end,
/// lengths that lie, silence, dribbles, redirects elsewhere, nobody listening. Each must
/// end in a `TransportError` (or a plain 3xx answer) — never unbounded memory, never a
/// wait without end.
@Suite("AsyncHTTPTransport against hostile servers", .serialized)
struct HostileServerTests {
    static let kib64 = 64 * 1024

    static func transport(idle: TimeInterval = 10, overall: TimeInterval = 30, cap: Int = kib64) -> AsyncHTTPTransport {
        var config = AsyncHTTPTransport.Configuration()
        config.idleTimeout = idle
        config.overallTimeout = overall
        config.maxBodyBytes = cap
        return AsyncHTTPTransport(configuration: config)
    }

    static func request(_ server: LoopbackServer, _ path: String = "/api/character") throws -> HTTPRequest {
        HTTPRequest(url: try #require(URL(string: server.baseURL + path)))
    }

    @Test func aContentLengthOverTheCapIsRefusedBeforeTheBody() async throws {
        let server = try LoopbackServer { _ in
            .stream(head: "HTTP/1.1 200 OK\r\nContent-Length: 2000000000\r\n\r\n", chunk: [UInt8](repeating: 32, count: 65536), count: nil)
        }
        defer { server.stop() }
        await #expect(throws: TransportError.bodyTooLarge(limit: Self.kib64)) {
            _ = try await Self.transport().send(try Self.request(server))
        }
    }

    @Test func anEndlessChunkedBodyStopsAtTheCap() async throws {
        let chunk = Array("10000\r\n".utf8) + [UInt8](repeating: 97, count: 65536) + Array("\r\n".utf8)
        let server = try LoopbackServer { _ in
            .stream(head: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n", chunk: chunk, count: nil)
        }
        defer { server.stop() }
        await #expect(throws: TransportError.bodyTooLarge(limit: Self.kib64)) {
            _ = try await Self.transport().send(try Self.request(server))
        }
    }

    @Test func aServerThatAcceptsAndNeverAnswersTimesOutIdle() async throws {
        let server = try LoopbackServer { _ in .hang }
        defer { server.stop() }
        await #expect(throws: TransportError.timedOut(.idle(seconds: 0.3))) {
            _ = try await Self.transport(idle: 0.3, overall: 5).send(try Self.request(server))
        }
    }

    /// A byte every 100 ms keeps the idle timer happy; only the overall deadline ends it.
    @Test func aDribbledBodyHitsTheOverallDeadline() async throws {
        let server = try LoopbackServer { _ in
            .dribble(head: "HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n", every: .milliseconds(100))
        }
        defer { server.stop() }
        await #expect(throws: TransportError.timedOut(.overall(seconds: 1))) {
            _ = try await Self.transport(idle: 0.5, overall: 1).send(try Self.request(server))
        }
    }

    @Test func aRedirectToAnotherOriginIsNotFollowed() async throws {
        let elsewhere = try LoopbackServer { _ in LoopbackServer.response("200 OK", body: #"{"stolen":true}"#) }
        defer { elsewhere.stop() }
        let target = elsewhere.baseURL + "/api/character"
        let server = try LoopbackServer { _ in LoopbackServer.response("301 Moved Permanently", headers: ["Location": target], body: "") }
        defer { server.stop() }
        let response = try await Self.transport().send(try Self.request(server))
        #expect(response.status == 301)
        #expect(elsewhere.requestCount == 0)
        let failure = PageFailure(statusOf: response)
        #expect(!failure.isTransient && failure.message.contains("not followed"), "\(failure.message)")
    }

    @Test func aRedirectWithinTheOriginIsFollowedABoundedNumberOfTimes() async throws {
        let server = try LoopbackServer { head in
            switch LoopbackServer.target(of: head) {
            case "/old": LoopbackServer.response("301 Moved Permanently", headers: ["Location": "/new"], body: "")
            case "/loop": LoopbackServer.response("302 Found", headers: ["Location": "/loop"], body: "")
            default: LoopbackServer.response("200 OK", body: "here")
            }
        }
        defer { server.stop() }
        let moved = try await Self.transport().send(try Self.request(server, "/old"))
        #expect(moved.status == 200 && String(decoding: moved.body, as: UTF8.self) == "here")
        let before = server.requestCount
        let looped = try await Self.transport().send(try Self.request(server, "/loop"))
        #expect(looped.status == 302)
        #expect(server.requestCount - before == 1 + AsyncHTTPTransport.Configuration().maxRedirects)
    }

    /// Nobody listening: `cannotConnect`, retried only briefly (3 attempts, not 12).
    @Test func aRefusedConnectionIsReportedAfterABriefRetry() async throws {
        let closed = try LoopbackServer { _ in .drop }
        let url = try #require(URL(string: closed.baseURL + "/api/character"))
        closed.stop()
        let counting = CountingTransport(Self.transport())
        let strategy = RickAndMortyPages<Character>(baseURL: BaseURL(closed.baseURL + "/api"), request: .list(.character))
        let fetcher = PageFetcher(transport: counting, strategy: strategy, clock: ManualClock())
        let result = await fetcher.fetch(PageTicket(generation: 0, request: PageRequest(url: url, index: 0)))
        guard case .failure(let failure) = result, case .transport(.cannotConnect) = failure.kind else {
            Issue.record("expected cannotConnect, got \(result)")
            return
        }
        #expect(counting.count == RetryPolicy().maxAttemptsUnreachable)
        #expect(failure.message.contains("refused"), "\(failure.message)")
    }
}
