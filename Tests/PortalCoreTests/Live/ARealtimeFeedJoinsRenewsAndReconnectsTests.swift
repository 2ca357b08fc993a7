import Foundation
import PortalCore
import Synchronization
import Testing

/// `RealtimeFeed` over a scripted WebSocket: the connection asked for, the join answered,
/// changes handed on, a refreshed session token sent as `access_token`, a silent server
/// (no heartbeat reply) reconnected, a refused join rejoined, an oversized message, and
/// the session's end — every connection, frame and wait counted.
@Suite(.timeLimit(.minutes(1))) struct ARealtimeFeedJoinsRenewsAndReconnectsTests {
    /// A connection whose server answers each frame the client sends by `answer`.
    final class Socket: WebSocketConnection, Sendable {
        private struct State {
            var inbox: [WebSocketEvent] = []
            var waiter: CheckedContinuation<WebSocketEvent, any Error>?
            var closed = false
        }
        private let state = Mutex(State())
        let sent = Mutex<[String]>([])
        let answer: @Sendable (PhoenixMessage) -> [String]

        init(_ first: [String] = [], answer: @escaping @Sendable (PhoenixMessage) -> [String]) {
            self.answer = answer
            push(first.map { .message(.text($0)) })
        }

        func push(_ events: [WebSocketEvent]) {
            for event in events {
                let waiter: CheckedContinuation<WebSocketEvent, any Error>? = state.withLock { state in
                    guard !state.closed else { return nil }
                    if case .closed = event { state.closed = true }
                    if let waiter = state.waiter { state.waiter = nil; return waiter }
                    state.inbox.append(event)
                    return nil
                }
                waiter?.resume(returning: event)
            }
        }

        /// Throws `CancellationError` when the reading task is cancelled, as the protocol says.
        func receive() async throws -> WebSocketEvent {
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    let ready: Result<WebSocketEvent, any Error>? = state.withLock { state in
                        if Task.isCancelled { return .failure(CancellationError()) }
                        if !state.inbox.isEmpty { return .success(state.inbox.removeFirst()) }
                        if state.closed { return .success(.closed(code: 1006, reason: "")) }
                        state.waiter = continuation
                        return nil
                    }
                    if let ready { continuation.resume(with: ready) }
                }
            } onCancel: {
                let waiter = state.withLock { state in defer { state.waiter = nil }; return state.waiter }
                waiter?.resume(throwing: CancellationError())
            }
        }

        func send(_ message: WebSocketMessage) async throws {
            guard case .text(let text) = message else { return }
            sent.withLock { $0.append(text) }
            if let decoded = try? PhoenixSerializer.v1.decode(text) { push(answer(decoded).map { .message(.text($0)) }) }
        }

        func close(code: Int, reason: String) async { push([.closed(code: code, reason: reason)]) }
    }

    /// Hands out the scripted connections in order, then refuses.
    final class Connector: WebSocketConnecting, Sendable {
        let sockets: Mutex<[Socket]>
        let requests = Mutex<[WebSocketRequest]>([])
        init(_ sockets: [Socket]) { self.sockets = Mutex(sockets) }
        func connect(_ request: WebSocketRequest) async throws -> any WebSocketConnection {
            requests.withLock { $0.append(request) }
            guard let next = sockets.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else { throw TransportError.invalidRequest("the script is over") }
            return next
        }
    }

    /// Sleeps of `gated` durations wait for a `release`; any other returns at once. Every
    /// sleep is recorded.
    final class Clock: Sendable {
        private struct State {
            var permits: [Duration: Int] = [:]
            var waiters: [(Duration, Int, CheckedContinuation<Void, any Error>)] = []
            var next = 0
        }
        private let state = Mutex(State())
        let sleeps = Mutex<[Duration]>([])
        let gated: Set<Duration>
        init(gated: Set<Duration>) { self.gated = gated }

        func release(_ duration: Duration) {
            let waiter: CheckedContinuation<Void, any Error>? = state.withLock { state in
                if let index = state.waiters.firstIndex(where: { $0.0 == duration }) { return state.waiters.remove(at: index).2 }
                state.permits[duration, default: 0] += 1
                return nil
            }
            waiter?.resume()
        }

        func sleep(_ duration: Duration) async throws {
            sleeps.withLock { $0.append(duration) }
            guard gated.contains(duration) else { return try Task.checkCancellation() }
            let id = state.withLock { state in state.next += 1; return state.next }
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                    let go: Bool = state.withLock { state in
                        if Task.isCancelled { return true }
                        if let permits = state.permits[duration], permits > 0 { state.permits[duration] = permits - 1; return true }
                        state.waiters.append((duration, id, continuation))
                        return false
                    }
                    if go { continuation.resume() }
                }
            } onCancel: {
                let waiter = state.withLock { state -> CheckedContinuation<Void, any Error>? in
                    guard let index = state.waiters.firstIndex(where: { $0.1 == id }) else { return nil }
                    return state.waiters.remove(at: index).2
                }
                waiter?.resume(throwing: CancellationError())
            }
            try Task.checkCancellation()
        }
    }

    struct Stop: Error {}

    static let heartbeat = Duration.seconds(25)
    static let renewal = Duration.seconds(7)
    static let url = RealtimeFeed.endpoint(for: URL(string: "http://127.0.0.1:9/rest/v1")!, apiKey: "anon+key")!

    static func reply(_ m: PhoenixMessage, ok: Bool = true, response: String = "{}") -> String {
        PhoenixSerializer.v1.encode(joinRef: nil, ref: m.ref, topic: m.topic, event: "phx_reply", payload: #"{"response":\#(response),"status":"\#(ok ? "ok" : "error")"}"#)
    }

    static let joinedOK = #"{"postgres_changes":[{"id":9,"event":"*","schema":"public","table":"characters"}]}"#

    static func change(_ id: Int, _ type: String = "INSERT") -> String {
        let record = type == "DELETE" ? #""old_record":{"id": \#(id)}"# : #""record":{"id": \#(id)}"#
        return #"{"event":"postgres_changes","payload":{"data":{"columns":[],"commit_timestamp":"2026-11-29T03:00:00.000Z","errors":null,\#(record),"schema":"public","table":"characters","type":"\#(type)"},"ids":[9]},"ref":null,"topic":"realtime:public:characters"}"#
    }

    /// A server that answers joins ok (then sends `after`) and heartbeats ok.
    static func server(after: [String] = [], heartbeats: Bool = true, join: @escaping @Sendable (PhoenixMessage) -> Bool = { _ in true }) -> Socket {
        Socket { m in
            switch m.event {
            case "phx_join": join(m) ? [reply(m, response: joinedOK)] + after : [reply(m, ok: false, response: #"{"reason":"InvalidJWTToken: Token has expired 1 seconds ago"}"#)]
            case "heartbeat": heartbeats ? [reply(m)] : []
            default: []
            }
        }
    }

    /// Follows `feed` until `done` says so of the signals so far.
    static func follow(_ feed: RealtimeFeed, clock: Clock, done: @escaping ([LiveSignal]) -> Bool) async throws -> (signals: [LiveSignal], end: String?) {
        var feed = feed
        feed.sleep = { try await clock.sleep($0) }
        var signals: [LiveSignal] = []
        do {
            let end = try await feed.follow { signal in
                signals.append(signal)
                if done(signals) { throw Stop() }
            }
            return (signals, end)
        } catch is Stop {
            return (signals, nil)
        }
    }

    static func feed(_ connector: Connector, credentials: @escaping @Sendable () async throws -> RealtimeCredential? = { nil }) -> RealtimeFeed {
        RealtimeFeed(url: url, settings: .init(table: "characters"), connector: connector, credentials: credentials)
    }

    static func changes(_ signals: [LiveSignal]) -> [RecordKey] {
        signals.compactMap { if case .change(let c) = $0 { c.key } else { nil } }
    }

    @Test func itJoinsTheTableAndHandsOnItsChanges() async throws {
        let socket = Self.server(after: [Self.change(1), Self.change(2, "UPDATE"), Self.change(3, "DELETE")])
        let connector = Connector([socket])
        let clock = Clock(gated: [Self.heartbeat])
        let (signals, _) = try await Self.follow(Self.feed(connector), clock: clock) { Self.changes($0).count == 3 }
        #expect(signals.first == .status(.open))
        #expect(Self.changes(signals) == [.number(1), .number(2), .number(3)])
        let request = try #require(connector.requests.withLock { $0.first })
        #expect(request.url.absoluteString == "ws://127.0.0.1:9/realtime/v1/websocket?apikey=anon%2Bkey&vsn=1.0.0")
        #expect(socket.sent.withLock { $0.count } == 1)
    }

    @Test func aRenewedSessionTokenIsSentAsAccessToken() async throws {
        let tokens = Mutex(["t1", "t2", "t2"])
        let socket = Self.server()
        let clock = Clock(gated: [Self.heartbeat, Self.renewal])
        let feed = Self.feed(Connector([socket])) {
            RealtimeCredential(accessToken: tokens.withLock { $0.count > 1 ? $0.removeFirst() : $0[0] }, askAgainAfter: Self.renewal)
        }
        let joined = Mutex(false)
        let task = Task { try await Self.follow(feed, clock: clock) { signals in
            if signals.contains(.status(.open)) { joined.withLock { $0 = true } }
            return false
        } }
        try await Self.until { joined.withLock { $0 } }
        clock.release(Self.renewal)
        try await Self.until { socket.sent.withLock { $0.count } == 2 }
        clock.release(Self.renewal)
        clock.release(Self.heartbeat)
        try await Self.until { socket.sent.withLock { $0.count } == 3 }
        task.cancel()
        _ = try? await task.value
        let sent = socket.sent.withLock { $0 }.compactMap { try? PhoenixSerializer.v1.decode($0) }
        #expect(sent.map(\.event) == ["phx_join", "access_token", "heartbeat"])
        #expect(sent[0].payload.node["access_token"]?.string == "t1")
        #expect(sent[1].payload.text == #"{"access_token":"t2"}"#)
    }

    @Test func aServerThatStopsAnsweringHeartbeatsIsLeftForANewConnection() async throws {
        let silent = Self.server(heartbeats: false)
        let second = Self.server(after: [Self.change(4)])
        let connector = Connector([silent, second])
        let clock = Clock(gated: [Self.heartbeat])
        clock.release(Self.heartbeat)
        clock.release(Self.heartbeat)
        let (signals, _) = try await Self.follow(Self.feed(connector), clock: clock) { Self.changes($0).count == 1 }
        // The heartbeats are released before the first join is answered, so whether the first
        // `open` is said before the silence is seen is a race; what follows it is not.
        let statuses = signals.filter { if case .status = $0 { true } else { false } }
        #expect(statuses.suffix(2) == [.status(.reconnecting(after: .seconds(1), because: "no heartbeat reply in 25 s")), .status(.open)])
        #expect(statuses.count <= 3 && Self.changes(signals).count == 1)
        #expect(connector.requests.withLock { $0.count } == 2)
        #expect(silent.sent.withLock { $0 }.compactMap { try? PhoenixSerializer.v1.decode($0).event } == ["phx_join", "heartbeat"])
        #expect(clock.sleeps.withLock { $0 }.contains(.seconds(1)))
    }

    @Test func aRefusedJoinIsAskedAgainWithAFreshToken() async throws {
        let joins = Mutex(0)
        let socket = Self.server(after: [Self.change(5)]) { _ in joins.withLock { $0 += 1; return $0 > 1 } }
        let tokens = Mutex(0)
        let feed = Self.feed(Connector([socket])) { RealtimeCredential(accessToken: "t\(tokens.withLock { $0 += 1; return $0 })", askAgainAfter: .seconds(3600)) }
        let (signals, _) = try await Self.follow(feed, clock: Clock(gated: [Self.heartbeat, .seconds(3600)])) { Self.changes($0).count == 1 }
        #expect(signals.first == .status(.reconnecting(after: .seconds(1), because: "InvalidJWTToken: Token has expired 1 seconds ago")))
        let sent = socket.sent.withLock { $0 }.compactMap { try? PhoenixSerializer.v1.decode($0) }
        #expect(sent.map(\.event) == ["phx_join", "phx_join"])
        #expect(sent.map { $0.payload.node["access_token"]?.string } == ["t1", "t2"])
    }

    @Test func anOversizedMessageClosesTheConnectionWithANoteAndItReconnects() async throws {
        let first = Self.server()
        first.push([.closed(code: 1009, reason: "message too big")])
        let connector = Connector([first, Self.server(after: [Self.change(6)])])
        let (signals, _) = try await Self.follow(Self.feed(connector), clock: Clock(gated: [Self.heartbeat])) { Self.changes($0).count == 1 }
        let reconnect = signals.first { if case .status(.reconnecting) = $0 { true } else { false } }
        #expect(reconnect == .status(.reconnecting(after: .seconds(1), because: "the server sent a message larger than the limit (closed 1009): message too big")))
        #expect(Self.changes(signals) == [.number(6)])
    }

    @Test func theFeedEndsWhenTheSessionCannotBeRenewed() async throws {
        struct Expired: Error, CustomStringConvertible { var description: String { "session expired — sign in again" } }
        let calls = Mutex(0)
        let feed = Self.feed(Connector([Self.server()])) {
            guard calls.withLock({ $0 += 1; return $0 }) == 1 else { throw Expired() }
            return RealtimeCredential(accessToken: "t1", askAgainAfter: Self.renewal)
        }
        let (_, end) = try await Self.follow(feed, clock: Clock(gated: [Self.heartbeat])) { _ in false }
        #expect(end == "the session ended: session expired — sign in again")
    }

    /// Waits (bounded) for what a test checks, yielding to the feed's tasks.
    static func until(_ condition: @escaping @Sendable () -> Bool) async throws {
        for _ in 0..<10_000 where !condition() { try await Task.sleep(for: .milliseconds(1)) }
        #expect(condition())
    }
}
