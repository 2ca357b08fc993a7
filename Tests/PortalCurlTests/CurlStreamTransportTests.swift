import Foundation
import PortalCore
import PortalCurl
import PortalTestSupport
import Synchronization
import Testing

/// `CurlStreamTransport`: what it asks for, a body read as it comes and its end, a 3xx
/// handed back unfollowed, and a server that goes silent (before its head, or after it).
@Suite struct CurlStreamTransportTests {
    static let head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\n\r\n"

    static func transport(idle: TimeInterval = 10) -> CurlStreamTransport {
        var configuration = CurlStreamTransport.Configuration()
        configuration.idleTimeout = idle
        return CurlStreamTransport(configuration: configuration)
    }

    @Test func itAsksForAnEventStreamAndReadsTheBodyToItsEnd() async throws {
        let seen = Mutex("")
        let server = try LoopbackServer { head in
            seen.withLock { $0 = head }
            return LoopbackServer.response("200 OK", headers: ["Content-Type": "text/event-stream"], body: "id: 1\ndata: hello\n\n")
        }
        defer { server.stop() }
        var request = HTTPRequest(url: try #require(URL(string: server.baseURL + "/events")))
        request.headers["Last-Event-ID"] = "41"
        let response = try await Self.transport().open(request)
        #expect(response.status == 200 && response.headers["content-type"] == "text/event-stream")
        var body: [UInt8] = []
        while let chunk = try await response.body.next() { body += chunk }
        #expect(String(decoding: body, as: UTF8.self) == "id: 1\ndata: hello\n\n")
        let head = seen.withLock { $0 }.lowercased()
        #expect(head.contains("accept: text/event-stream") && head.contains("last-event-id: 41") && head.contains("cache-control: no-cache"))
    }

    @Test func aRedirectIsHandedBackNotFollowed() async throws {
        let server = try LoopbackServer { _ in
            LoopbackServer.response("302 Found", headers: ["Location": "http://elsewhere.example/events"], body: "")
        }
        defer { server.stop() }
        let response = try await Self.transport().open(HTTPRequest(url: try #require(URL(string: server.baseURL + "/events"))))
        #expect(response.status == 302 && response.headers["location"] == "http://elsewhere.example/events")
        #expect(server.requestCount == 1)
    }

    /// A server that stops sending (no heartbeat) ends the stream as timed out.
    @Test func aServerSilentAfterItsHeadTimesOut() async throws {
        let server = try LoopbackServer { _ in .dribble(head: Self.head, every: .seconds(30)) }
        defer { server.stop() }
        let response = try await Self.transport(idle: 0.3).open(HTTPRequest(url: try #require(URL(string: server.baseURL + "/events"))))
        await #expect(throws: TransportError.timedOut(.idle(seconds: 0.3))) {
            while try await response.body.next() != nil {}
        }
    }

    @Test func aServerSilentBeforeItsHeadTimesOut() async throws {
        let server = try LoopbackServer { _ in .hang }
        defer { server.stop() }
        await #expect(throws: TransportError.timedOut(.idle(seconds: 0.3))) {
            _ = try await Self.transport(idle: 0.3).open(HTTPRequest(url: try #require(URL(string: server.baseURL + "/events"))))
        }
    }
}
