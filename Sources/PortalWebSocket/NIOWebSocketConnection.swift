import NIOWebSocket
import PortalCore
import Synchronization
import WSClient

/// One connection of `NIOWebSocketConnector`: the bridge between the library's handler
/// closure (which `deliver`s each message and waits until it is taken) and the reader's
/// `receive()`. One message is held at most; the library reads no further meanwhile.
final class NIOWebSocketConnection: WebSocketConnection {
    /// How a connection ended other than by a close frame.
    enum Failure: Sendable {
        /// Before the upgrade: the connection was never open.
        case refused(TransportError)
        /// After it: the library closed it for a reason of its own (a message too big).
        case closed(code: Int, reason: String)
    }

    private struct State {
        var outbound: WebSocketOutboundWriter?
        var opening: CheckedContinuation<any WebSocketConnection, any Error>?
        var refusal: TransportError?
        var receiver: CheckedContinuation<WebSocketEvent, any Error>?
        var pending: (event: WebSocketEvent, sender: CheckedContinuation<Void, Never>)?
        var ended: WebSocketEvent?
    }

    private let state = Mutex(State())

    func waitUntilOpen() async throws -> any WebSocketConnection {
        try await withCheckedThrowingContinuation { continuation in
            let ready: Result<any WebSocketConnection, any Error>? = state.withLock { state in
                if state.outbound != nil { return .success(self) }
                if let refusal = state.refusal { return .failure(refusal) }
                state.opening = continuation
                return nil
            }
            if let ready { continuation.resume(with: ready) }
        }
    }

    func opened(_ outbound: WebSocketOutboundWriter) {
        let waiter = state.withLock { state in
            state.outbound = outbound
            defer { state.opening = nil }
            return state.opening
        }
        waiter?.resume(returning: self)
    }

    /// Hands one event to the reader, waiting until it is taken (or the connection ended).
    func deliver(_ event: WebSocketEvent) async {
        await withCheckedContinuation { (sender: CheckedContinuation<Void, Never>) in
            // Taken at once by a waiting reader, dropped when the connection ended, else held.
            let (reader, done): (CheckedContinuation<WebSocketEvent, any Error>?, Bool) = state.withLock { state in
                if let reader = state.receiver {
                    state.receiver = nil
                    return (reader, true)
                }
                if state.ended != nil { return (nil, true) }
                state.pending = (event, sender)
                return (nil, false)
            }
            reader?.resume(returning: event)
            if done { sender.resume() }
        }
    }

    func finish(code: Int?, reason: String) {
        end(.closed(code: code, reason: reason), refusal: .connectionFailed("the server closed the connection during the upgrade"))
    }

    func fail(_ failure: Failure) {
        switch failure {
        case .refused(let error): end(.closed(code: nil, reason: error.description), refusal: error)
        case .closed(let code, let reason): end(.closed(code: code, reason: reason), refusal: .connectionFailed(reason))
        }
    }

    /// The connection is over: a waiting reader gets `event`, a waiting `connect` `refusal`.
    private func end(_ event: WebSocketEvent, refusal: TransportError) {
        let (opening, reader, sender) = state.withLock { state in
            if state.ended == nil { state.ended = event }
            if state.outbound == nil { state.refusal = refusal }
            defer { state.opening = nil; state.receiver = nil; state.pending = nil }
            return (state.opening, state.receiver, state.pending?.sender)
        }
        opening?.resume(throwing: refusal)
        reader?.resume(returning: state.withLock { $0.ended } ?? event)
        sender?.resume()
    }

    func receive() async throws -> WebSocketEvent {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let ready: Result<WebSocketEvent, any Error>? = state.withLock { state in
                    if let pending = state.pending {
                        state.pending = nil
                        pending.sender.resume()
                        return .success(pending.event)
                    }
                    if let ended = state.ended { return .success(ended) }
                    if Task.isCancelled { return .failure(CancellationError()) }
                    state.receiver = continuation
                    return nil
                }
                if let ready { continuation.resume(with: ready) }
            }
        } onCancel: {
            let reader = state.withLock { state in
                defer { state.receiver = nil }
                return state.receiver
            }
            reader?.resume(throwing: CancellationError())
        }
    }

    func send(_ message: PortalCore.WebSocketMessage) async throws {
        guard let outbound = state.withLock({ $0.ended == nil ? $0.outbound : nil }) else {
            throw TransportError.connectionFailed("the WebSocket is closed")
        }
        do {
            switch message {
            case .text(let text): try await outbound.write(.text(text))
            case .binary(let bytes): try await outbound.write(.binary(.init(bytes: bytes)))
            }
        } catch {
            throw TransportError.connectionFailed("the WebSocket is closed")
        }
    }

    /// Sends the close frame and ends the reader at once: a server that does not answer
    /// the close (the library waits for it) holds nobody up.
    func close(code: Int, reason: String) async {
        guard let outbound = state.withLock({ $0.ended == nil ? $0.outbound : nil }) else { return }
        end(.closed(code: code, reason: reason), refusal: .cancelled)
        try? await outbound.close(.init(codeNumber: code), reason: reason)
    }
}
