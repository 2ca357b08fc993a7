import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A one-purpose HTTP server on 127.0.0.1 for transport tests, and the hostile server of
/// the hardening tests: each connection gets what `respond` decides for the request head
/// (well-formed bytes, nothing, silence, an endless or dribbled body), then is closed. It
/// serves on its own threads until `stop()` and counts the requests it read.
public final class LoopbackServer: Sendable {
    /// What one connection gets.
    public enum Answer: Sendable {
        /// These bytes, then close.
        case bytes([UInt8])
        /// Close without answering.
        case drop
        /// Keep the connection open and silent until the client goes or the server stops.
        case hang
        /// `head`, then `chunk` `count` times (nil: until the client goes or the server stops).
        case stream(head: String, chunk: [UInt8], count: Int?)
        /// `head`, then one byte of `body` every `every`, until the client goes.
        case dribble(head: String, every: Duration)
    }

    public let port: UInt16
    private let listener: Int32
    private let state = Mutex((stopped: false, requests: 0))

    public init(respond: @escaping @Sendable (String) -> Answer) throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var yes: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        addr.sin_port = 0
        let bound = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listener, 64) == 0 else { close(listener); throw POSIXError(.EADDRINUSE) }
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &len) }
        }
        port = UInt16(bigEndian: addr.sin_port)
        let fd = listener
        // The accept thread owns the listener and closes it when it ends: were `stop()` to
        // close it, the descriptor's number could be handed to the next server's socket
        // while this thread is between two `accept` calls, and this server would go on
        // answering the next one's requests (a flaky test did just that).
        Thread.detachNewThread { [self] in
            defer { close(fd) }
            while true {
                let client = accept(fd, nil, nil)
                if client < 0 {
                    if !stopped, errno == EINTR || errno == ECONNABORTED { continue }
                    return
                }
                Thread.detachNewThread { [self] in self.serve(client, respond) }
            }
        }
    }

    /// `http://127.0.0.1:PORT`.
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Requests whose head was read so far.
    public var requestCount: Int { state.withLock { $0.requests } }

    private var stopped: Bool { state.withLock { $0.stopped } }

    public func stop() {
        let first = state.withLock { state -> Bool in
            defer { state.stopped = true }
            return !state.stopped
        }
        guard first else { return }
        // Wakes the accept thread, which closes the listener as it ends.
        shutdown(listener, Int32(SHUT_RDWR))
    }

    deinit { stop() }

    private func serve(_ client: Int32, _ respond: (String) -> Answer) {
        defer { close(client) }
        var head = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !head.suffix(4).elementsEqual([13, 10, 13, 10]) {
            let n = read(client, &buffer, buffer.count)
            if n <= 0 { return }
            head.append(contentsOf: buffer[0..<n])
        }
        state.withLock { $0.requests += 1 }
        switch respond(String(decoding: head, as: UTF8.self)) {
        case .bytes(let bytes):
            Self.writeAll(client, bytes)
        case .drop:
            break
        case .hang:
            while !stopped, clientIsThere(client, waitingMilliseconds: 100) {}
        case .stream(let head, let chunk, let count):
            guard Self.writeAll(client, Array(head.utf8)) else { return }
            var sent = 0
            while count.map({ sent < $0 }) ?? true, !stopped, Self.writeAll(client, chunk) { sent += 1 }
        case .dribble(let head, let every):
            guard Self.writeAll(client, Array(head.utf8)) else { return }
            let step = Int(every.components.seconds * 1000 + every.components.attoseconds / 1_000_000_000_000_000)
            while !stopped {
                var waited = 0
                while waited < step, !stopped, clientIsThere(client, waitingMilliseconds: 100) { waited += 100 }
                guard !stopped, Self.writeAll(client, [UInt8(ascii: "x")]) else { return }
            }
        }
    }

    /// Waits up to `waitingMilliseconds` for the client; false once it has closed.
    private func clientIsThere(_ client: Int32, waitingMilliseconds: Int32) -> Bool {
        var fds = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
        guard poll(&fds, 1, waitingMilliseconds) > 0 else { return true }
        var byte: UInt8 = 0
        return recv(client, &byte, 1, Int32(MSG_PEEK) | Int32(MSG_DONTWAIT)) > 0
    }

    /// Writes everything, without SIGPIPE when the client has gone; false if it has.
    @discardableResult
    private static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return false }
            offset += n
        }
        return true
    }

    /// A whole answer with `Content-Length`, closing the connection after it.
    public static func response(_ status: String, headers: [String: String] = [:], body: String) -> Answer {
        var text = "HTTP/1.1 \(status)\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n"
        for (k, v) in headers { text += "\(k): \(v)\r\n" }
        return .bytes(Array((text + "\r\n" + body).utf8))
    }

    /// The request target (`/api/character?page=2`) of a request head.
    public static func target(of head: String) -> String {
        head.split(separator: " ").dropFirst().first.map(String.init) ?? "/"
    }
}
