import Foundation
import PortalCore
import Synchronization

/// A WebSocket a test plays the server of: it `push`es what the server says, awaits what
/// the client sent (`nextSent`), and reads how the client closed it (`closes`).
public final class ScriptedWebSocket: WebSocketConnection, Sendable {
    private let inbox = Mailbox<WebSocketEvent>()
    private let outbox = Mailbox<String>()
    private let state = Mutex<(ended: WebSocketEvent?, closes: [Int])>((nil, []))

    public init() {}

    /// What the server says next.
    public func push(_ event: WebSocketEvent) { inbox.put(event) }
    public func push(text: String) { inbox.put(.message(.text(text))) }

    /// The next message the client sent (text; binary as its bytes decoded).
    public func nextSent() async throws -> String { try await outbox.take() }

    /// The codes the client closed with, in order.
    public var closes: [Int] { state.withLock { $0.closes } }

    public func receive() async throws -> WebSocketEvent {
        if let ended = state.withLock({ $0.ended }) { return ended }
        let event = try await inbox.take()
        if case .closed = event { state.withLock { if $0.ended == nil { $0.ended = event } } }
        return event
    }

    public func send(_ message: WebSocketMessage) async throws {
        guard state.withLock({ $0.ended == nil }) else { throw TransportError.connectionFailed("the WebSocket is closed") }
        switch message {
        case .text(let text): outbox.put(text)
        case .binary(let bytes): outbox.put(String(decoding: bytes, as: UTF8.self))
        }
    }

    public func close(code: Int, reason: String) async {
        let first = state.withLock { state in
            guard state.ended == nil else { return false }
            state.closes.append(code)
            state.ended = .closed(code: code, reason: reason)
            return true
        }
        if first { inbox.put(.closed(code: code, reason: reason)) }
    }
}

/// Hands out scripted sockets in order (or a scripted refusal), recording each request.
public final class ScriptedWebSocketConnector: WebSocketConnecting, Sendable {
    public enum Step: Sendable {
        case socket(ScriptedWebSocket)
        case refuse(TransportError)
    }
    private let state: Mutex<(steps: [Step], requests: [WebSocketRequest])>

    public init(_ steps: [Step]) { state = Mutex((steps, [])) }

    public var requests: [WebSocketRequest] { state.withLock { $0.requests } }

    public func connect(_ request: WebSocketRequest) async throws -> any WebSocketConnection {
        let step: Step? = state.withLock { state in
            state.requests.append(request)
            return state.steps.isEmpty ? nil : state.steps.removeFirst()
        }
        switch step {
        case .socket(let socket)?: return socket
        case .refuse(let error)?: throw error
        case nil: throw TransportError.cannotConnect("no more scripted sockets")
        }
    }
}

/// Waits a test steps by hand: each `wait(_:)` is recorded and returns when the test
/// `fire`s it (cancellation ends it at once).
public final class ManualTicks: Sendable {
    private let fires = Mailbox<Void>()
    private let asked = Mutex<[Duration]>([])

    public init() {}

    /// The durations asked for, in order.
    public var waits: [Duration] { asked.withLock { $0 } }

    public func wait(_ duration: Duration) async throws {
        asked.withLock { $0.append(duration) }
        try await fires.take()
    }

    /// Lets the oldest (or next) wait return.
    public func fire() { fires.put(()) }
}

/// A queue one consumer takes from, waiting while it is empty; cancellation-aware.
public final class Mailbox<Element: Sendable>: Sendable {
    private struct State {
        var items: [Element] = []
        var waiter: CheckedContinuation<Element, any Error>?
    }
    private let state = Mutex(State())

    public init() {}

    public func put(_ item: Element) {
        let waiter = state.withLock { state -> CheckedContinuation<Element, any Error>? in
            if let waiter = state.waiter {
                state.waiter = nil
                return waiter
            }
            state.items.append(item)
            return nil
        }
        waiter?.resume(returning: item)
    }

    public func take() async throws -> Element {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let ready: Result<Element, any Error>? = state.withLock { state in
                    if !state.items.isEmpty { return .success(state.items.removeFirst()) }
                    if Task.isCancelled { return .failure(CancellationError()) }
                    state.waiter = continuation
                    return nil
                }
                if let ready { continuation.resume(with: ready) }
            }
        } onCancel: {
            let waiter = state.withLock { state in
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume(throwing: CancellationError())
        }
    }
}
