import Foundation
import PortalCore
@testable import PortalCurl
import PortalTestSupport
import Synchronization
import Testing

/// `CurlWebSocketConnector` against a scripted server (LoopbackServer answers the upgrade
/// with the right Sec-WebSocket-Accept, then sends fixed frames): fragments joined around
/// a ping, the server's close code and reason, the size limit, `close` ending the reader at
/// once, a refused upgrade and a refused port.
struct CurlWebSocketConnectorTests {
    /// A 101 for the request `head`, then `frames`, then the server hangs up.
    static func upgrade(_ head: String, then frames: [UInt8]) -> LoopbackServer.Answer {
        let key = head.components(separatedBy: "\r\n").first { $0.lowercased().hasPrefix("sec-websocket-key:") }
            .map { $0.dropFirst("sec-websocket-key:".count).trimmingCharacters(in: .whitespaces) } ?? ""
        let answer = "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Accept: \(WebSocketHandshake.accept(for: key))\r\n\r\n"
        return .bytes(Array(answer.utf8) + frames)
    }

    static func frame(_ opcode: UInt8, _ payload: [UInt8], fin: Bool = true) -> [UInt8] {
        [(fin ? 0x80 : 0) | opcode, UInt8(payload.count)] + payload
    }

    static func url(_ server: LoopbackServer, _ path: String = "/socket") throws -> URL {
        try #require(URL(string: server.baseURL.replacingOccurrences(of: "http:", with: "ws:") + path))
    }

    @Test func fragmentsAroundAPingAreOneMessageAndTheServersCloseEndsIt() async throws {
        let frames = Self.frame(1, Array("hel".utf8), fin: false) + Self.frame(9, [7]) + Self.frame(0, Array("lo".utf8))
            + Self.frame(2, [1, 2, 3]) + Self.frame(8, [0x0F, 0xA0] + Array("bye".utf8))
        let server = try LoopbackServer { head in Self.upgrade(head, then: frames) }
        defer { server.stop() }
        let socket = try await CurlWebSocketConnector().connect(WebSocketRequest(url: try Self.url(server)))
        #expect(try await socket.receive() == .message(.text("hello")))
        #expect(try await socket.receive() == .message(.binary([1, 2, 3])))
        #expect(try await socket.receive() == .closed(code: 4000, reason: "bye"))
        #expect(try await socket.receive() == .closed(code: 4000, reason: "bye"))
        await #expect(throws: TransportError.connectionFailed("the WebSocket is closed")) { try await socket.send(.text("late")) }
    }

    @Test func aMessagePastTheLimitClosesWith1009() async throws {
        let server = try LoopbackServer { head in Self.upgrade(head, then: Self.frame(1, Array("0123456789ab".utf8))) }
        defer { server.stop() }
        let socket = try await CurlWebSocketConnector().connect(WebSocketRequest(url: try Self.url(server), maxMessageBytes: 10))
        #expect(try await socket.receive() == .closed(code: 1009, reason: "the server sent a message larger than the limit (10 bytes)"))
    }

    @Test func closeEndsTheWaitingReaderAtOnce() async throws {
        let server = try LoopbackServer { head in
            guard case .bytes(let bytes) = Self.upgrade(head, then: []) else { return .drop }
            return .stream(head: String(decoding: bytes, as: UTF8.self), chunk: [], count: nil)
        }
        defer { server.stop() }
        let socket = try await CurlWebSocketConnector().connect(WebSocketRequest(url: try Self.url(server)))
        async let event = socket.receive()
        try await Task.sleep(for: .milliseconds(50))
        await socket.close(code: 1000, reason: "done")
        #expect(try await event == .closed(code: 1000, reason: "done"))
    }

    @Test func aRefusedUpgradeAndARefusedPortAreTheTransportsErrors() async throws {
        let plain = try LoopbackServer { _ in .bytes(Array("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n".utf8)) }
        defer { plain.stop() }
        await #expect(throws: TransportError.connectionFailed("the server did not accept the WebSocket upgrade")) {
            _ = try await CurlWebSocketConnector().connect(WebSocketRequest(url: try Self.url(plain)))
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
        await #expect(throws: expected) { _ = try await CurlWebSocketConnector(proxies: ProxyEnvironment([:])).connect(WebSocketRequest(url: url)) }
    }

    /// The environment's proxy is used, through a CONNECT tunnel (a WebSocket cannot go in
    /// absolute form); a proxy that refuses the tunnel is the connect's error.
    @Test func theProxyIsAskedForATunnel() async throws {
        let seen = Mutex<[String]>([])
        let proxy = try LoopbackServer { head in
            seen.withLock { $0.append(head.components(separatedBy: "\r\n").first ?? "") }
            return .bytes(Array("HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n".utf8))
        }
        defer { proxy.stop() }
        let url = try #require(URL(string: "ws://example.invalid:8080/socket"))
        let connector = CurlWebSocketConnector(proxies: ProxyEnvironment(["http_proxy": proxy.baseURL]))
        await #expect(throws: TransportError.self) { _ = try await connector.connect(WebSocketRequest(url: url)) }
        #expect(seen.withLock { $0 } == ["CONNECT example.invalid:8080 HTTP/1.1"])
    }
}
