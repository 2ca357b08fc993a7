import CWebSockets
import Foundation
import PortalCore
import PortalCurl
@testable import PortalWebSocket
import PortalTestSupport
import Synchronization
import Testing

/// `LibWebSocketsConnector` against a scripted server (LoopbackServer answers the upgrade
/// with the right Sec-WebSocket-Accept, then sends fixed frames): fragments joined around
/// a ping, the server's close code and reason, the size limit, text that is not UTF-8,
/// `close` ending the reader at once, the request's headers sent, a refused upgrade and a
/// refused port, and the proxy asked for a tunnel.
struct LibWebSocketsConnectorTests {
    /// What the server must answer in Sec-WebSocket-Accept for `key`.
    static func accept(for key: String) -> String {
        var out = [CChar](repeating: 0, count: 64)
        let count = portal_lws_websocket_accept(key, &out, Int32(out.count))
        return String(decoding: out.prefix(Int(max(0, count))).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A 101 for the request `head`, then `frames`, then the server hangs up.
    static func upgrade(_ head: String, then frames: [UInt8]) -> LoopbackServer.Answer {
        let key = head.components(separatedBy: "\r\n").first { $0.lowercased().hasPrefix("sec-websocket-key:") }
            .map { $0.dropFirst("sec-websocket-key:".count).trimmingCharacters(in: .whitespaces) } ?? ""
        let answer = "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Accept: \(accept(for: key))\r\n\r\n"
        return .bytes(Array(answer.utf8) + frames)
    }

    static func frame(_ opcode: UInt8, _ payload: [UInt8], fin: Bool = true) -> [UInt8] {
        [(fin ? 0x80 : 0) | opcode, UInt8(payload.count)] + payload
    }

    static func url(_ server: LoopbackServer, _ path: String = "/socket") throws -> URL {
        try #require(URL(string: server.baseURL.replacingOccurrences(of: "http:", with: "ws:") + path))
    }

    /// The connector the tests use: no proxy, whatever the environment says.
    static let connector = LibWebSocketsConnector(proxies: ProxyEnvironment([:]))

    @Test func theAcceptKeyIsRFC6455s() {
        #expect(Self.accept(for: "dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
    }

    @Test func fragmentsAroundAPingAreOneMessageAndTheServersCloseEndsIt() async throws {
        let frames = Self.frame(1, Array("hel".utf8), fin: false) + Self.frame(9, [7]) + Self.frame(0, Array("lo".utf8))
            + Self.frame(2, [1, 2, 3]) + Self.frame(8, [0x0F, 0xA0] + Array("bye".utf8))
        let server = try LoopbackServer { head in Self.upgrade(head, then: frames) }
        defer { server.stop() }
        let socket = try await Self.connector.connect(WebSocketRequest(url: try Self.url(server)))
        #expect(try await socket.receive() == .message(.text("hello")))
        #expect(try await socket.receive() == .message(.binary([1, 2, 3])))
        #expect(try await socket.receive() == .closed(code: 4000, reason: "bye"))
        #expect(try await socket.receive() == .closed(code: 4000, reason: "bye"))
        await #expect(throws: TransportError.connectionFailed("the WebSocket is closed")) { try await socket.send(.text("late")) }
    }

    @Test func aMessagePastTheLimitClosesWith1009() async throws {
        let server = try LoopbackServer { head in Self.upgrade(head, then: Self.frame(1, Array("0123456789ab".utf8))) }
        defer { server.stop() }
        let socket = try await Self.connector.connect(WebSocketRequest(url: try Self.url(server), maxMessageBytes: 10))
        #expect(try await socket.receive() == .closed(code: 1009, reason: "the server sent a message larger than the limit (10 bytes)"))
    }

    @Test func fragmentsPastTheLimitTogetherCloseWith1009() async throws {
        let frames = Self.frame(2, Array(repeating: 1, count: 6), fin: false) + Self.frame(0, Array(repeating: 2, count: 6))
        let server = try LoopbackServer { head in Self.upgrade(head, then: frames) }
        defer { server.stop() }
        let socket = try await Self.connector.connect(WebSocketRequest(url: try Self.url(server), maxMessageBytes: 10))
        #expect(try await socket.receive() == .closed(code: 1009, reason: "the server sent a message larger than the limit (10 bytes)"))
    }

    @Test func textThatIsNotUTF8ClosesWith1007() async throws {
        let server = try LoopbackServer { head in Self.upgrade(head, then: Self.frame(1, [0x68, 0xC3])) }
        defer { server.stop() }
        let socket = try await Self.connector.connect(WebSocketRequest(url: try Self.url(server)))
        #expect(try await socket.receive() == .closed(code: 1007, reason: "the server sent text that is not UTF-8"))
    }

    @Test func closeEndsTheWaitingReaderAtOnce() async throws {
        let server = try LoopbackServer { head in
            guard case .bytes(let bytes) = Self.upgrade(head, then: []) else { return .drop }
            return .stream(head: String(decoding: bytes, as: UTF8.self), chunk: [], count: nil)
        }
        defer { server.stop() }
        let socket = try await Self.connector.connect(WebSocketRequest(url: try Self.url(server)))
        async let event = socket.receive()
        try await Task.sleep(for: .milliseconds(50))
        await socket.close(code: 1000, reason: "done")
        #expect(try await event == .closed(code: 1000, reason: "done"))
    }

    /// A reader slower than the server: reading pauses while `maxMessageBytes` wait
    /// (lws_rx_flow_control) and resumes as the reader takes them; every message arrives, in order.
    @Test func aSlowReaderGetsEveryMessageInOrder() async throws {
        let frames = (0..<200).flatMap { Self.frame(1, Array(String(format: "%03d", $0).utf8) + Array(repeating: 46, count: 97)) }
        let server = try LoopbackServer { head in Self.upgrade(head, then: frames + Self.frame(8, [0x03, 0xE8])) }
        defer { server.stop() }
        let socket = try await Self.connector.connect(WebSocketRequest(url: try Self.url(server), maxMessageBytes: 300))
        try await Task.sleep(for: .milliseconds(50))
        var numbers: [Int] = []
        while case .message(.text(let text)) = try await socket.receive() { numbers.append(Int(text.prefix(3)) ?? -1) }
        #expect(numbers == Array(0..<200))
    }

    /// A connect whose task is cancelled while the server says nothing ends at once.
    @Test func aCancelledConnectEndsAtOnce() async throws {
        let server = try LoopbackServer { _ in .hang }
        defer { server.stop() }
        let url = try Self.url(server)
        let connecting = Task { try await Self.connector.connect(WebSocketRequest(url: url)) }
        try await Task.sleep(for: .milliseconds(50))
        connecting.cancel()
        await #expect(throws: TransportError.cancelled) { _ = try await connecting.value }
    }

    /// The upgrade carries the request's headers and subprotocols, and no Origin.
    @Test func theUpgradeCarriesTheHeadersAndSubprotocols() async throws {
        let heads = Mutex<[String]>([])
        let server = try LoopbackServer { head in
            heads.withLock { $0.append(head) }
            return Self.upgrade(head, then: Self.frame(8, [0x03, 0xE8]))
        }
        defer { server.stop() }
        let request = WebSocketRequest(url: try Self.url(server, "/realtime/v1/websocket?apikey=k&vsn=1.0.0"),
                                       headers: ["apikey": "k1", "Authorization": "Bearer t"], subprotocols: ["graphql-transport-ws"])
        let socket = try await Self.connector.connect(request)
        #expect(try await socket.receive() == .closed(code: 1000, reason: ""))
        let head = try #require(heads.withLock { $0.first })
        let lines = head.components(separatedBy: "\r\n").map { $0.lowercased() }
        #expect(lines.first == "get /realtime/v1/websocket?apikey=k&vsn=1.0.0 http/1.1")
        #expect(lines.contains("apikey: k1") && lines.contains("authorization: bearer t"))
        #expect(lines.contains("sec-websocket-protocol: graphql-transport-ws"))
        #expect(lines.contains("host: 127.0.0.1:\(server.port)"))
        #expect(!lines.contains { $0.hasPrefix("origin:") })
        await #expect(throws: TransportError.invalidRequest("the header bad\u{FFFD} cannot be sent")) {
            _ = try await Self.connector.connect(WebSocketRequest(url: try Self.url(server), headers: ["bad\n": "x"]))
        }
    }

    @Test func aRefusedUpgradeAndARefusedPortAreTheTransportsErrors() async throws {
        let plain = try LoopbackServer { _ in .bytes(Array("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n".utf8)) }
        defer { plain.stop() }
        await #expect(throws: TransportError.connectionFailed("the server did not accept the WebSocket upgrade")) {
            _ = try await Self.connector.connect(WebSocketRequest(url: try Self.url(plain)))
        }
        let closed = try LoopbackServer { _ in .drop }
        let url = try Self.url(closed)
        closed.stop()
        var viaHTTP: TransportError?
        do {
            _ = try await CurlTransport().send(HTTPRequest(url: try #require(URL(string: closed.baseURL + "/socket"))))
        } catch let error as TransportError {
            viaHTTP = error
        }
        let expected = try #require(viaHTTP)
        guard case .cannotConnect = expected else { Issue.record("CurlTransport said \(expected)"); return }
        await #expect(throws: expected) { _ = try await Self.connector.connect(WebSocketRequest(url: url)) }
    }

    /// An upgrade answered with a redirect (to another origin here) is not followed — the
    /// list's credentials stay on its origin — and says so (issue 38 item 6).
    @Test func aRedirectedUpgradeIsNotFollowed() async throws {
        let followed = Mutex(0)
        let elsewhere = try LoopbackServer { _ in
            followed.withLock { $0 += 1 }
            return .bytes(Array("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n".utf8))
        }
        defer { elsewhere.stop() }
        let asked = Mutex(0)
        let target = elsewhere.baseURL
        let redirecting = try LoopbackServer { _ in
            asked.withLock { $0 += 1 }
            return .bytes(Array("HTTP/1.1 302 Found\r\nLocation: \(target)/socket\r\nContent-Length: 0\r\n\r\n".utf8))
        }
        defer { redirecting.stop() }
        await #expect(throws: TransportError.connectionFailed("the server answered the WebSocket upgrade with a redirect; portal does not follow it")) {
            _ = try await Self.connector.connect(WebSocketRequest(url: try Self.url(redirecting), headers: ["Authorization": "Bearer secret"]))
        }
        #expect(asked.withLock { $0 } == 1)
        #expect(followed.withLock { $0 } == 0, "the redirect's target was never asked")
    }

    /// The environment's proxy is used, through a CONNECT tunnel (a WebSocket cannot go in
    /// absolute form); a proxy that refuses the tunnel is the connect's error; a proxy lws
    /// cannot speak to is refused before anything is sent.
    @Test func theProxyIsAskedForATunnel() async throws {
        let seen = Mutex<[String]>([])
        let proxy = try LoopbackServer { head in
            seen.withLock { $0.append(head.components(separatedBy: "\r\n").first ?? "") }
            return .bytes(Array("HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n".utf8))
        }
        defer { proxy.stop() }
        let url = try #require(URL(string: "ws://example.invalid:8080/socket"))
        let connector = LibWebSocketsConnector(proxies: ProxyEnvironment(["http_proxy": proxy.baseURL]))
        await #expect(throws: TransportError.connectionFailed("the proxy \(ProxyEnvironment.shown(proxy.baseURL)) refused to pass the request on")) {
            _ = try await connector.connect(WebSocketRequest(url: url))
        }
        #expect(seen.withLock { $0 } == ["CONNECT example.invalid:8080 HTTP/1.1"])
        let socks = LibWebSocketsConnector(proxies: ProxyEnvironment(["http_proxy": "socks5://127.0.0.1:1"]))
        await #expect(throws: TransportError.invalidRequest("portal's WebSocket client goes through http:// proxies only, not socks5://127.0.0.1:1")) {
            _ = try await socks.connect(WebSocketRequest(url: url))
        }
    }

    /// `no_proxy` is honoured as for every request: the proxy is not asked, the server is.
    @Test func noProxyGoesDirect() async throws {
        let asked = Mutex(0)
        let proxy = try LoopbackServer { _ in
            asked.withLock { $0 += 1 }
            return .drop
        }
        defer { proxy.stop() }
        let server = try LoopbackServer { head in Self.upgrade(head, then: Self.frame(1, Array("direct".utf8))) }
        defer { server.stop() }
        let connector = LibWebSocketsConnector(proxies: ProxyEnvironment(["http_proxy": proxy.baseURL, "no_proxy": "127.0.0.1"]))
        let socket = try await connector.connect(WebSocketRequest(url: try Self.url(server)))
        #expect(try await socket.receive() == .message(.text("direct")))
        #expect(asked.withLock { $0 } == 0)
    }
}
