import CCurl
import Foundation
import PortalCore
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// One connection of `CurlWebSocketConnector`: its thread (CurlWebSocketConnection+Thread)
/// owns the curl handle and the socket; the reader, senders and closers meet it in `shared`.
///
/// Bounded: messages wait for the reader up to `maxMessageBytes` in all; past that the
/// thread stops reading the socket (the server is held back by TCP) until the reader took
/// some. `close` ends the reader at once and the thread sends the close frame, waits up to
/// 2 s for the server's, and hangs up.
///
/// `@unchecked Sendable`, and why that is safe: the easy handle, the socket and the
/// thread-only fields (`inbound`, `pendingOut`, `chunk`) are used only on the connection's
/// thread; everything else is in `shared`, a mutex. The wake-up pipe's write end is written
/// under that mutex and closed under it by the thread as it ends, so no write reaches a
/// closed (or reused) descriptor.
final class CurlWebSocketConnection: WebSocketConnection, @unchecked Sendable {
    struct Settings: Sendable {
        var url: URL
        var origin: Origin
        var proxy: String?
        var handshake: WebSocketHandshake
        var head: [UInt8]
        var subprotocols: [String]
        var maxMessageBytes: Int
        var connectTimeout: Duration
        var handshakeTimeout: Duration
    }

    struct Shared {
        var opening: CheckedContinuation<Void, any Error>?
        var cancelled = false
        var messages: [WebSocketMessage] = []
        var queuedBytes = 0
        var reader: CheckedContinuation<WebSocketEvent, any Error>?
        /// What the reader gets once `messages` is empty: the connection is over.
        var ended: WebSocketEvent?
        var outgoing: [UInt8] = []
        /// `close` was called: the close frame to send.
        var closing: WebSocketFrame?
        var wakeOpen = true
    }

    let settings: Settings
    let shared = Mutex(Shared())
    let easy: UnsafeMutableRawPointer
    let wakeRead: Int32
    let wakeWrite: Int32
    // The connection's thread alone.
    var socket: curl_socket_t = CURL_SOCKET_BAD
    var inbound: WebSocketInbound
    var pendingOut: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 16 * 1024)

    init?(_ settings: Settings) {
        _ = Self.globalInit
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends {
            _ = fcntl(end, F_SETFL, O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        guard let easy = curl_easy_init() else {
            _ = Glibc.close(ends[0])
            _ = Glibc.close(ends[1])
            return nil
        }
        self.settings = settings
        self.easy = easy
        wakeRead = ends[0]
        wakeWrite = ends[1]
        inbound = WebSocketInbound(maxMessageBytes: settings.maxMessageBytes)
    }

    private static let globalInit: Void = { curl_global_init(Int(CURL_GLOBAL_DEFAULT)) }()

    /// Starts the thread and returns once the upgrade succeeded; a cancelled task gets
    /// `TransportError.cancelled` at once (the thread then ends on its own).
    func open() async throws {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                shared.withLock { $0.opening = continuation }
                let thread = Thread { self.run() }
                thread.name = "portal-websocket"
                thread.start()
            }
        } onCancel: {
            let opening = shared.withLock { shared in
                shared.cancelled = true
                wake(&shared)
                defer { shared.opening = nil }
                return shared.opening
            }
            opening?.resume(throwing: TransportError.cancelled)
        }
    }

    func receive() async throws -> WebSocketEvent {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<WebSocketEvent, any Error>) in
                let ready: Result<WebSocketEvent, any Error>? = shared.withLock { shared in
                    if !shared.messages.isEmpty {
                        let message = shared.messages.removeFirst()
                        shared.queuedBytes -= Self.size(message)
                        wake(&shared)
                        return .success(.message(message))
                    }
                    if let ended = shared.ended { return .success(ended) }
                    if Task.isCancelled { return .failure(CancellationError()) }
                    shared.reader = continuation
                    return nil
                }
                if let ready { continuation.resume(with: ready) }
            }
        } onCancel: {
            let reader = shared.withLock { shared in
                defer { shared.reader = nil }
                return shared.reader
            }
            reader?.resume(throwing: CancellationError())
            closeNow(code: 1001, reason: "")
        }
    }

    func send(_ message: WebSocketMessage) async throws {
        let bytes = WebSocketFrame.message(message).encoded(mask: Self.mask())
        let sent = shared.withLock { shared in
            guard shared.ended == nil, shared.wakeOpen else { return false }
            shared.outgoing += bytes
            wake(&shared)
            return true
        }
        guard sent else { throw TransportError.connectionFailed("the WebSocket is closed") }
    }

    func close(code: Int, reason: String) async {
        closeNow(code: code, reason: reason)
    }

    /// Ends the reader now with `.closed(code, reason)` and has the thread send the close frame.
    private func closeNow(code: Int, reason: String) {
        let reader: CheckedContinuation<WebSocketEvent, any Error>? = shared.withLock { shared in
            guard shared.ended == nil else { return nil }
            shared.ended = .closed(code: code, reason: reason)
            shared.messages = []
            shared.queuedBytes = 0
            shared.closing = WebSocketFrame.close(code: code, reason: reason)
            wake(&shared)
            defer { shared.reader = nil }
            return shared.reader
        }
        reader?.resume(returning: .closed(code: code, reason: reason))
    }

    /// Wakes the thread from its poll (under the lock: see the type's note).
    func wake(_ shared: inout Shared) {
        guard shared.wakeOpen else { return }
        var byte: UInt8 = 1
        _ = Glibc.write(wakeWrite, &byte, 1)
    }

    // MARK: - Called by the thread

    /// Hands `message` to the reader, or queues it; dropped once the connection ended.
    func deliver(_ message: WebSocketMessage) {
        let reader: CheckedContinuation<WebSocketEvent, any Error>? = shared.withLock { shared in
            guard shared.ended == nil else { return nil }
            if let reader = shared.reader {
                shared.reader = nil
                return reader
            }
            shared.messages.append(message)
            shared.queuedBytes += Self.size(message)
            return nil
        }
        reader?.resume(returning: .message(message))
    }

    /// The connection is over (a first end wins); a waiting reader gets it.
    func end(_ event: WebSocketEvent) {
        let (reader, ended): (CheckedContinuation<WebSocketEvent, any Error>?, WebSocketEvent) = shared.withLock { shared in
            if shared.ended == nil { shared.ended = event }
            let reader = shared.messages.isEmpty ? shared.reader : nil
            if reader != nil { shared.reader = nil }
            return (reader, shared.ended ?? event)
        }
        reader?.resume(returning: ended)
    }

    /// Whether the reader has room for more messages.
    var hasRoom: Bool { shared.withLock { $0.queuedBytes < settings.maxMessageBytes } }

    static func size(_ message: WebSocketMessage) -> Int {
        switch message {
        case .text(let text): text.utf8.count
        case .binary(let bytes): bytes.count
        }
    }

    static func mask() -> [UInt8] {
        var random = SystemRandomNumberGenerator()
        let value: UInt32 = random.next()
        return [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> UInt32($0)) }
    }
}
