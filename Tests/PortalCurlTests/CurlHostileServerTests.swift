import Foundation
import Testing
@testable import PortalCore
import PortalDemoModels
@testable import PortalPaging
import PortalPresets
import PortalCurl
import PortalTestSupport

/// HostileServerTests, MalformedAnswerTests and SecretHeaderTests of the NIO client, case
/// for case, against CurlTransport: servers that misbehave on purpose must each end in a
/// `TransportError` (or a plain 3xx answer), never unbounded memory, never a wait without end.
@Suite("CurlTransport against hostile servers", .serialized)
struct CurlHostileServerTests {
    static let kib64 = 64 * 1024

    static func transport(idle: TimeInterval = 10, overall: TimeInterval = 30, cap: Int = kib64) -> CurlTransport {
        var config = CurlTransport.Configuration()
        config.idleTimeout = idle
        config.overallTimeout = overall
        config.maxBodyBytes = cap
        return CurlTransport(configuration: config)
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
        #expect(server.requestCount - before == 1 + CurlTransport.Configuration().maxRedirects)
    }

    /// Nobody listening: `cannotConnect`, retried only briefly (3 attempts, not 12).
    @Test func aRefusedConnectionIsReportedAfterABriefRetry() async throws {
        let closed = try LoopbackServer { _ in .drop }
        let url = try #require(URL(string: closed.baseURL + "/api/character"))
        closed.stop()
        let counting = CountingTransport(Self.transport())
        let strategy = PresetPages<Character>.rickAndMorty(baseURL: BaseURL(closed.baseURL + "/api"), request: .list(.character))
        let fetcher = PageFetcher(transport: counting, strategy: strategy, clock: ManualClock())
        let result = await fetcher.fetch(PageTicket(generation: 0, request: PageRequest(url: url, index: 0)))
        guard case .failure(let failure) = result, case .transport(.cannotConnect) = failure.kind else {
            Issue.record("expected cannotConnect, got \(result)")
            return
        }
        #expect(counting.count == RetryPolicy().maxAttemptsUnreachable)
        #expect(failure.message.contains("refused"), "\(failure.message)")
    }

    /// A host with no address (`.invalid` never resolves, RFC 6761) is named as the user
    /// wrote it: no `:443` they never typed.
    @Test func aHostWithNoAddressIsNamedAsWritten() async throws {
        let url = try #require(URL(string: "https://portal-test.invalid/api/character"))
        do {
            _ = try await Self.transport().send(HTTPRequest(url: url))
            Issue.record("an answer from a host that cannot resolve")
        } catch let error as TransportError {
            #expect(error == .cannotConnect("no address for https://portal-test.invalid"), "\(error)")
        }
    }

    static let hugeLink = "<http://127.0.0.1/api?page=2&pad=" + String(repeating: "x", count: 90 * 1024) + ">; rel=\"next\""

    /// Raw answers HTTP portal cannot read (MalformedAnswerTests' four).
    static let malformed: [String] = [
        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nLink: \(hugeLink)\r\nContent-Length: 2\r\n\r\n[]",
        "HTTP/1.1 302 Found\r\nLocation: /api/x\u{01}\u{1B}]52;c;aGk=\u{07}y\r\nContent-Length: 0\r\n\r\n",
        "HTTP/1.1 200 OK\r\nX-Bad\u{00}Name: v\r\nContent-Length: 2\r\n\r\n[]",
        "HTTX/9.9 ??? Nope\r\nContent-Length: 2\r\n\r\n[]",
    ]

    @Test(arguments: malformed.indices)
    func aMalformedAnswerIsOneClearFailureAndNeverRetried(index: Int) async throws {
        let raw = Array(Self.malformed[index].utf8)
        let server = try LoopbackServer { _ in .bytes(raw) }
        defer { server.stop() }
        let request = HTTPRequest(url: try #require(URL(string: server.baseURL + "/api/list")))
        let transport = CurlTransport()
        do {
            _ = try await transport.send(request)
            Issue.record("a malformed answer was read")
        } catch let error as TransportError {
            guard case .malformedAnswer(let why) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(!why.isEmpty)
            #expect(error.description.hasPrefix("malformed answer: "))
            #expect(!error.description.unicodeScalars.contains { Sanitize.isControl($0) })
        }
        let before = server.requestCount
        let sender = RetryingSender(transport: transport, clock: ManualClock(), random: { 0 })
        let result = await sender.send(request) { response throws(PageFailure) in response.status }
        guard case .failure(let failure) = result else {
            Issue.record("decoded \(result)")
            return
        }
        #expect(!failure.isTransient)
        #expect(failure.message.contains("malformed answer"), "\(failure.message)")
        #expect(server.requestCount == before + 1)
    }

    /// A header value HTTP does not allow is refused before anything goes out, once, and
    /// the message never quotes it.
    @Test func aControlCharacterInAHeaderValueIsRefusedOnceWithoutQuotingIt() async throws {
        let server = try LoopbackServer { _ in LoopbackServer.response("200 OK", headers: [:], body: "[]") }
        defer { server.stop() }
        let url = try #require(URL(string: server.baseURL + "/api/character"))
        let counting = CountingTransport(CurlTransport())
        let sender = RetryingSender(transport: counting, policy: RetryPolicy(), clock: ManualClock(), random: { 0 })
        let request = HTTPRequest(url: url, headers: ["Authorization": "Bearer s3cr3t\n# my staging key"])
        let result: Result<Int, PageFailure> = await sender.send(request) { _ throws(PageFailure) in 1 }
        guard case .failure(let failure) = result else {
            Issue.record("a request with a line break in a header value went out")
            return
        }
        #expect(counting.count == 1, "retried \(counting.count - 1) times")
        #expect(server.requestCount == 0)
        #expect(!failure.message.contains("s3cr3t") && !failure.message.contains("staging"), "\(failure.message)")
        #expect(!failure.isTransient)
        #expect(failure.message.contains("Authorization"))
    }
}
