import Foundation
import Synchronization
import Testing
@testable import PortalCore
import PortalDemoModels
import PortalPresets
import PortalCurl
import PortalServers
import PortalTestSupport

/// The transport's cases (those the NIO client's tests held, before it went),
/// and what only CurlTransport does (any method with a body, cancellation, reuse).
@Suite("CurlTransport passes statuses up, caps bodies and times out", .serialized)
struct CurlTransportTests {
    @Test func errorStatusesAreAnswersWithTheirRetryAfter() async throws {
        let server = try LoopbackServer { _ in
            LoopbackServer.response("429 Too Many Requests", headers: ["Retry-After": "3"], body: #"{"error":"slow"}"#)
        }
        defer { server.stop() }
        let response = try await CurlTransport().send(HTTPRequest(url: try #require(URL(string: server.baseURL + "/api/character"))))
        #expect(response.status == 429 && response.retryAfterSeconds == 3)
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"error":"slow"}"#)
        #expect(response.proxy == nil)
    }

    @Test func requestHeadersGoOutAndResponseHeadersComeBackLowercased() async throws {
        let head = Mutex("")
        let server = try LoopbackServer { text in
            head.withLock { $0 = text }
            return LoopbackServer.response("200 OK", headers: ["X-Total-Count": "826"], body: "[]")
        }
        defer { server.stop() }
        let request = HTTPRequest(url: try #require(URL(string: server.baseURL + "/api/character")), headers: ["apikey": "secret", "Accept": "text/csv"])
        let response = try await CurlTransport().send(request)
        let sent = head.withLock { $0 }.lowercased()
        #expect(sent.contains("apikey: secret") && sent.contains("user-agent: portal/0.1"), "\(sent)")
        #expect(sent.contains("accept: text/csv") && !sent.contains("accept: application/json"), "the request's own Accept wins: \(sent)")
        #expect(response.headers["x-total-count"] == "826")
    }

    /// A POST (the RPC and sign-in requests) and any other method carry their bodies.
    @Test(arguments: ["POST", "PUT", "PATCH", "DELETE", "QUERY"])
    func theMethodAndTheBodyGoOutAsGiven(method: String) async throws {
        let seen = Mutex("")
        let server = try LoopbackServer { text in
            seen.withLock { $0 = text }
            return LoopbackServer.response("200 OK", body: "{}")
        }
        defer { server.stop() }
        // LoopbackServer reads until a blank line: the JSON body ends in one (whitespace to
        // JSON), so the server answers whether the body comes with the head or after it.
        let body = Data("{\"q\":\"rick\"}\r\n\r\n".utf8)
        let request = HTTPRequest(method: method, url: try #require(URL(string: server.baseURL + "/rpc/search")), body: body)
        let response = try await CurlTransport().send(request)
        #expect(response.status == 200)
        let text = seen.withLock { $0 }
        #expect(text.hasPrefix("\(method) /rpc/search HTTP/1.1\r\n"), "\(text)")
        #expect(text.lowercased().contains("content-type: application/json") && text.lowercased().contains("content-length: 16"), "\(text)")
        #expect(!text.lowercased().contains("expect:"), "\(text)")
    }

    @Test func aGetHasNoBodyAndAHeadReadsNone() async throws {
        let seen = Mutex<[String]>([])
        let server = try LoopbackServer { text in
            seen.withLock { $0.append(text) }
            return .bytes(Array("HTTP/1.1 200 OK\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello".utf8))
        }
        defer { server.stop() }
        let url = try #require(URL(string: server.baseURL + "/a"))
        let got = try await CurlTransport().send(HTTPRequest(url: url))
        let head = try await CurlTransport().send(HTTPRequest(method: "HEAD", url: url))
        #expect(String(decoding: got.body, as: UTF8.self) == "hello" && head.body.isEmpty && head.status == 200)
        #expect(seen.withLock { $0.map { $0.prefix(4) } } == ["GET ", "HEAD"])
    }

    /// A URL no origin can be read from is refused without going out.
    @Test func anUnbuildableURLIsNotServed() async throws {
        await #expect(throws: TransportError.self) { _ = try await CurlTransport().send(HTTPRequest(url: .unservable)) }
    }

    @Test func aBodyOverTheCapIsAnErrorNotAnOutOfMemory() async throws {
        var config = CurlTransport.Configuration()
        config.maxBodyBytes = 64 * 1024
        let declared = try LoopbackServer { _ in
            .stream(head: "HTTP/1.1 200 OK\r\nContent-Length: 10000000\r\n\r\n", chunk: [UInt8](repeating: 32, count: 8192), count: 1220)
        }
        defer { declared.stop() }
        await #expect(throws: TransportError.bodyTooLarge(limit: 64 * 1024)) {
            _ = try await CurlTransport(configuration: config).send(HTTPRequest(url: try #require(URL(string: declared.baseURL + "/a"))))
        }
        let endless = try LoopbackServer { _ in
            .stream(head: "HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n", chunk: [UInt8](repeating: 32, count: 8192), count: 1000)
        }
        defer { endless.stop() }
        await #expect(throws: TransportError.bodyTooLarge(limit: 64 * 1024)) {
            _ = try await CurlTransport(configuration: config).send(HTTPRequest(url: try #require(URL(string: endless.baseURL + "/a"))))
        }
        // Exactly the cap is still an answer.
        let exact = try LoopbackServer { _ in .bytes(Array("HTTP/1.1 200 OK\r\nContent-Length: 65536\r\n\r\n".utf8) + [UInt8](repeating: 32, count: 65536)) }
        defer { exact.stop() }
        let whole = try await CurlTransport(configuration: config).send(HTTPRequest(url: try #require(URL(string: exact.baseURL + "/a"))))
        #expect(whole.body.count == 65536)
    }

    @Test func aDroppedConnectionIsATransportError() async throws {
        let server = try LoopbackServer { _ in .drop }
        defer { server.stop() }
        await #expect(throws: TransportError.connectionFailed("the server closed the connection")) {
            _ = try await CurlTransport().send(HTTPRequest(url: try #require(URL(string: server.baseURL + "/a"))))
        }
    }

    /// Cancelling the task ends a transfer that would otherwise wait its whole idle time.
    @Test func cancellingTheTaskEndsTheTransferAtOnce() async throws {
        let server = try LoopbackServer { _ in .hang }
        defer { server.stop() }
        var config = CurlTransport.Configuration()
        config.idleTimeout = 600
        config.overallTimeout = 600
        let url = try #require(URL(string: server.baseURL + "/a"))
        let task = Task { try await CurlTransport(configuration: config).send(HTTPRequest(url: url)) }
        try await eventually { server.requestCount == 1 }
        task.cancel()
        await #expect(throws: TransportError.cancelled) { _ = try await task.value }
    }

    @Test func theRealClientFollowsTheSnapshotRulesOverHTTP() async throws {
        // The snapshot's rules answering over a socket: 42 requests for 826 characters.
        let data = try TestData.data
        let rulesBox = Mutex<RickAndMortyRules?>(nil)
        let server = try LoopbackServer { head in
            guard let rules = rulesBox.withLock({ $0 }), let split = SplitURL("http://x" + LoopbackServer.target(of: head)) else { return .drop }
            let response = rules.respond(path: String(split.path.dropFirst(4)), query: QueryString.pairs(split.query))
            var text = "HTTP/1.1 \(response.status) X\r\nContent-Length: \(response.body.count)\r\nConnection: close\r\n\r\n"
            text += String(decoding: response.body, as: UTF8.self)
            return .bytes(Array(text.utf8))
        }
        defer { server.stop() }
        rulesBox.withLock { $0 = RickAndMortyRules(data: data, baseURL: BaseURL(server.baseURL + "/api")) }
        let counting = CountingTransport(CurlTransport())
        let loader = await drain(PresetPages<Character>.rickAndMorty(baseURL: BaseURL(server.baseURL + "/api"), request: .list(.character)), through: counting)
        #expect(counting.count == 42)
        #expect(loader.items.count == 826 && loader.items.map(\.id) == Array(1...826))
    }

    /// Many requests at once, all answered, none lost between the tasks and the one loop.
    @Test func manyRequestsAtOnceAllComeBack() async throws {
        let server = try LoopbackServer { head in LoopbackServer.response("200 OK", body: LoopbackServer.target(of: head)) }
        defer { server.stop() }
        let transport = CurlTransport()
        let bodies = try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<40 {
                let url = try #require(URL(string: server.baseURL + "/n/\(index)"))
                group.addTask { String(decoding: try await transport.send(HTTPRequest(url: url)).body, as: UTF8.self) }
            }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(bodies == Set((0..<40).map { "/n/\($0)" }))
    }
}
