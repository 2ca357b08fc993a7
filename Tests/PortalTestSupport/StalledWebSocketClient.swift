import Foundation
import enum PortalCore.GraphQLWSMessage
#if canImport(Glibc)
import Glibc
#endif

/// A WebSocket client that upgrades, sends what a test gives it, and never reads again:
/// the client that stops reading (a frozen tab, a stopped process), for the server's side
/// of backpressure and shutdown. A blocking socket with a small receive buffer; what the
/// server sends piles up in the kernel (`pendingBytes` says how much) and then in the
/// server's own write queue.
public final class StalledWebSocketClient: Sendable {
    private let socket: Int32

    /// Connects to 127.0.0.1:`port`, asks `GET target` to upgrade (offering `subprotocol`
    /// when given) and reads the answer's head. Throws unless the answer is 101.
    public init(port: Int, target: String, subprotocol: String? = nil) throws {
        let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EMFILE) }
        var small: Int32 = 4096
        setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &small, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = in_port_t(UInt16(port)).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { Glibc.close(fd); throw POSIXError(.ECONNREFUSED) }
        socket = fd
        let key = Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
        let offer = subprotocol.map { "Sec-WebSocket-Protocol: \($0)\r\n" } ?? ""
        try write(Array(("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n\(offer)\r\n").utf8))
        // The head, a byte at a time, so nothing after it is taken off the socket.
        var head: [UInt8] = []
        var byte: UInt8 = 0
        while !head.ends(with: Array("\r\n\r\n".utf8)) {
            guard recv(fd, &byte, 1, 0) == 1 else { Glibc.close(fd); throw POSIXError(.ECONNRESET) }
            head.append(byte)
        }
        let status = String(decoding: head, as: UTF8.self).split(separator: "\r\n").first ?? ""
        guard status.hasPrefix("HTTP/1.1 101") else { Glibc.close(fd); throw POSIXError(.EPROTO) }
    }

    deinit { Glibc.close(socket) }

    /// What the mirror streams `--churn`'s changes on: a Realtime channel on the
    /// characters, or a graphql-transport-ws subscription to `characterChanged`.
    public enum Subscription: String, CaseIterable, Sendable {
        case realtime, graphQL

        var target: String { self == .realtime ? "/realtime/v1/websocket?apikey=anon&vsn=1.0.0" : "/graphql" }
        var subprotocol: String? { self == .realtime ? nil : GraphQLWSMessage.subprotocol }
        var messages: [String] {
            switch self {
            case .realtime:
                [#"{"topic":"realtime:all","event":"phx_join","ref":"1","payload":{"config":{"postgres_changes":[{"event":"*","schema":"public","table":"characters"}]}}}"#]
            case .graphQL:
                [#"{"type":"connection_init"}"#,
                 #"{"id":"1","type":"subscribe","payload":{"query":"subscription { characterChanged { type number character { id name } } }"}}"#]
            }
        }
    }

    /// A client of the mirror on `port` subscribed to `subscription` that reads nothing
    /// more, returned once changes wait unread in its socket (2 KB of them: past the
    /// subscription's answers). Throws when none came in 30 s.
    public static func subscribed(_ subscription: Subscription, port: Int) async throws -> StalledWebSocketClient {
        let client = try StalledWebSocketClient(port: port, target: subscription.target, subprotocol: subscription.subprotocol)
        for message in subscription.messages { try client.send(text: message) }
        for _ in 0..<3000 {
            if client.pendingBytes >= 2048 { return client }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw TestFailure("no change reached the \(subscription) subscriber in 30 s (\(client.pendingBytes) bytes unread)")
    }

    /// Ends the connection both ways (the server sees it go); the descriptor is closed
    /// when the client is released.
    public func disconnect() { shutdown(socket, Int32(SHUT_RDWR)) }

    /// One text message, masked as a client's must be.
    public func send(text: String) throws {
        let payload = Array(text.utf8)
        var frame: [UInt8] = [0x81]
        if payload.count < 126 {
            frame.append(0x80 | UInt8(payload.count))
        } else {
            frame += [0x80 | 126, UInt8(payload.count >> 8 & 0xFF), UInt8(payload.count & 0xFF)]
        }
        let mask = (0..<4).map { _ in UInt8.random(in: 0...255) }
        frame += mask
        frame += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        try write(frame)
    }

    /// Bytes the server sent that wait unread in this socket's receive queue.
    public var pendingBytes: Int {
        var count: Int32 = 0
        return ioctl(socket, UInt(FIONREAD), &count) == 0 ? Int(count) : 0
    }

    private func write(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { throw POSIXError(.EPIPE) }
            offset += sent
        }
    }
}

extension Array where Element: Equatable {
    fileprivate func ends(with suffix: [Element]) -> Bool { count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix }
}
