import Foundation
import Synchronization
import Testing
@testable import PortalCore
import PortalHTTP
import PortalTestSupport
import PortalServers

@Suite("AsyncHTTPTransport passes statuses up, caps bodies and times out", .serialized)
struct AsyncHTTPTransportTests {
    @Test func errorStatusesAreAnswersWithTheirRetryAfter() async throws {
        let server = try LoopbackServer { _ in
            LoopbackServer.response("429 Too Many Requests", headers: ["Retry-After": "3"], body: #"{"error":"slow"}"#)
        }
        defer { server.stop() }
        let response = try await AsyncHTTPTransport().send(HTTPRequest(url: try #require(URL(string: server.baseURL + "/api/character"))))
        #expect(response.status == 429 && response.retryAfterSeconds == 3)
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"error":"slow"}"#)
    }

    @Test func requestHeadersGoOutAndResponseHeadersComeBackLowercased() async throws {
        let head = Mutex("")
        let server = try LoopbackServer { text in
            head.withLock { $0 = text }
            return LoopbackServer.response("200 OK", headers: ["X-Total-Count": "826"], body: "[]")
        }
        defer { server.stop() }
        let request = HTTPRequest(url: try #require(URL(string: server.baseURL + "/api/character")), headers: ["apikey": "secret"])
        let response = try await AsyncHTTPTransport().send(request)
        let sent = head.withLock { $0 }.lowercased()
        #expect(sent.contains("apikey: secret") && sent.contains("user-agent: portal/0.1") && sent.contains("accept: application/json"), "\(sent)")
        #expect(response.headers["x-total-count"] == "826")
    }

    /// A URL no origin can be read from is refused without going out.
    @Test func anUnbuildableURLIsNotServed() async throws {
        await #expect(throws: TransportError.self) { _ = try await AsyncHTTPTransport().send(HTTPRequest(url: .unservable)) }
    }

    @Test func aBodyOverTheCapIsAnErrorNotAnOutOfMemory() async throws {
        var config = AsyncHTTPTransport.Configuration()
        config.maxBodyBytes = 64 * 1024
        // Declared too large up front.
        let declared = try LoopbackServer { _ in
            .stream(head: "HTTP/1.1 200 OK\r\nContent-Length: 10000000\r\n\r\n", chunk: [UInt8](repeating: 32, count: 8192), count: 1220)
        }
        defer { declared.stop() }
        await #expect(throws: TransportError.bodyTooLarge(limit: 64 * 1024)) {
            _ = try await AsyncHTTPTransport(configuration: config).send(HTTPRequest(url: URL(string: declared.baseURL + "/a")!))
        }
        // No length: the body just keeps coming until the connection closes.
        let endless = try LoopbackServer { _ in
            .stream(head: "HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n", chunk: [UInt8](repeating: 32, count: 8192), count: 1000)
        }
        defer { endless.stop() }
        await #expect(throws: TransportError.bodyTooLarge(limit: 64 * 1024)) {
            _ = try await AsyncHTTPTransport(configuration: config).send(HTTPRequest(url: URL(string: endless.baseURL + "/a")!))
        }
    }

    @Test func aDroppedConnectionIsATransportError() async throws {
        let server = try LoopbackServer { _ in .drop }
        defer { server.stop() }
        await #expect(throws: TransportError.self) {
            _ = try await AsyncHTTPTransport().send(HTTPRequest(url: URL(string: server.baseURL + "/a")!))
        }
    }

    @Test func theRealClientFollowsTheSnapshotRulesOverHTTP() async throws {
        // The snapshot's rules answering over a socket: 42 requests for 826 characters.
        let data = try TestData.data
        let rulesBox = Mutex<RickAndMortyRules?>(nil)
        let server = try LoopbackServer { head in
            guard let rules = rulesBox.withLock({ $0 }) else { return .drop }
            let target = head.split(separator: " ").dropFirst().first.map(String.init) ?? "/"
            let split = SplitURL("http://x" + target)!
            let response = rules.respond(path: String(split.path.dropFirst(4)), query: QueryString.pairs(split.query))
            var text = "HTTP/1.1 \(response.status) X\r\nContent-Length: \(response.body.count)\r\nConnection: close\r\n\r\n"
            text += String(decoding: response.body, as: UTF8.self)
            return .bytes(Array(text.utf8))
        }
        defer { server.stop() }
        rulesBox.withLock { $0 = RickAndMortyRules(data: data, baseURL: BaseURL(server.baseURL + "/api")) }
        let counting = CountingTransport(AsyncHTTPTransport())
        let loader = await drain(RickAndMortyPages<Character>(baseURL: BaseURL(server.baseURL + "/api"), request: .list(.character)), through: counting)
        #expect(counting.count == 42)
        #expect(loader.items.count == 826 && loader.items.map(\.id) == Array(1...826))
    }
}
