import Foundation
import PortalCore
import Synchronization

/// One connection of `LibWebSocketsConnector`. The reader, senders and closers meet the
/// service thread in `shared`; what lws hands over arrives there too.
///
/// Bounded: messages wait for the reader up to `maxMessageBytes` in all; past that the
/// service stops reading this connection (lws_rx_flow_control: TCP holds the server back)
/// until the reader took some. `close` ends the reader at once; lws then sends the close
/// frame and waits a little for the server's.
///
/// `@unchecked Sendable`, and why that is safe: the fields under "the service thread's"
/// are used only on `LibWebSocketsService`'s thread (lws calls back there, and every
/// command reaches lws there); everything else is `let` or in `shared`, a mutex.
final class LibWebSocketsConnection: WebSocketConnection, @unchecked Sendable {
    struct Shared {
        var opening: CheckedContinuation<Void, any Error>?
        /// The task that opened it was cancelled before the upgrade finished.
        var cancelled = false
        var messages: [WebSocketMessage] = []
        var queuedBytes = 0
        var reader: CheckedContinuation<WebSocketEvent, any Error>?
        /// What the reader gets once `messages` is empty: the connection is over.
        var ended: WebSocketEvent?
        var outgoing: [WebSocketMessage] = []
        /// `close` was called: the code and reason to send.
        var closing: (code: Int, reason: String)?
    }

    let target: LibWebSocketsTarget
    let maxMessageBytes: Int
    let shared = Mutex(Shared())
    let service: LibWebSocketsService
    /// Set once, on the service thread, when it starts the connection.
    var id = 0

    // The service thread's.
    var wsi: OpaquePointer?
    var established = false
    /// The message under way (lws hands it over in pieces) and whether it is binary.
    var partial: [UInt8]?
    var partialIsBinary = false
    /// Reading is paused until the reader makes room.
    var paused = false
    /// The server's close frame, when it sent one.
    var peerClose: (code: Int?, reason: String)?
    /// Why OpenSSL refused the server's certificate, when it did.
    var certificateProblem: String?

    init(target: LibWebSocketsTarget, maxMessageBytes: Int, service: LibWebSocketsService) {
        self.target = target
        self.maxMessageBytes = maxMessageBytes
        self.service = service
    }

    /// Hands the connection to `service` and returns once the upgrade succeeded; a
    /// cancelled task gets `TransportError.cancelled` at once (the service then drops it).
    func open(settings: LibWebSocketsService.VhostSettings) async throws {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let cancelled = shared.withLock { shared in
                    shared.opening = continuation
                    return shared.cancelled
                }
                if cancelled {
                    opened(.failure(TransportError.cancelled))
                } else {
                    service.add(self, settings: settings)
                }
            }
        } onCancel: {
            shared.withLock { $0.cancelled = true }
            opened(.failure(TransportError.cancelled))
            service.wake(self)
        }
    }

    func receive() async throws -> WebSocketEvent {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<WebSocketEvent, any Error>) in
                let (ready, madeRoom): (Result<WebSocketEvent, any Error>?, Bool) = shared.withLock { shared in
                    if !shared.messages.isEmpty {
                        let wasFull = shared.queuedBytes >= maxMessageBytes
                        let message = shared.messages.removeFirst()
                        shared.queuedBytes -= Self.size(message)
                        return (.success(.message(message)), wasFull && shared.queuedBytes < maxMessageBytes)
                    }
                    if let ended = shared.ended { return (.success(ended), false) }
                    if Task.isCancelled { return (.failure(CancellationError()), false) }
                    shared.reader = continuation
                    return (nil, false)
                }
                if madeRoom { service.wake(self) }
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
        let sent = shared.withLock { shared in
            guard shared.ended == nil else { return false }
            shared.outgoing.append(message)
            return true
        }
        guard sent else { throw TransportError.connectionFailed("the WebSocket is closed") }
        service.wake(self)
    }

    func close(code: Int, reason: String) async {
        closeNow(code: code, reason: reason)
    }

    /// Ends the reader now with `.closed(code, reason)` and has the service send the close frame.
    private func closeNow(code: Int, reason: String) {
        let (reader, first): (CheckedContinuation<WebSocketEvent, any Error>?, Bool) = shared.withLock { shared in
            guard shared.ended == nil else { return (nil, false) }
            shared.ended = .closed(code: code, reason: reason)
            shared.messages = []
            shared.queuedBytes = 0
            shared.closing = (code, reason)
            defer { shared.reader = nil }
            return (shared.reader, true)
        }
        reader?.resume(returning: .closed(code: code, reason: reason))
        if first { service.wake(self) }
    }

    // MARK: - Called by the service thread

    /// The upgrade's outcome reaches a waiting `connect` (once).
    func opened(_ outcome: Result<Void, any Error>) {
        let opening = shared.withLock { shared in
            defer { shared.opening = nil }
            return shared.opening
        }
        opening?.resume(with: outcome)
    }

    /// Hands `message` to the reader, or queues it; dropped once the connection ended.
    /// False when the queue is full (the service then pauses reading).
    func deliver(_ message: WebSocketMessage) -> Bool {
        let (reader, room): (CheckedContinuation<WebSocketEvent, any Error>?, Bool) = shared.withLock { shared in
            guard shared.ended == nil else { return (nil, true) }
            if let reader = shared.reader {
                shared.reader = nil
                return (reader, true)
            }
            shared.messages.append(message)
            shared.queuedBytes += Self.size(message)
            return (nil, shared.queuedBytes < maxMessageBytes)
        }
        reader?.resume(returning: .message(message))
        return room
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

    static func size(_ message: WebSocketMessage) -> Int {
        switch message {
        case .text(let text): text.utf8.count
        case .binary(let bytes): bytes.count
        }
    }
}
