import Foundation
import Synchronization

extension GraphQLSubscriptionFeed {
    /// One connection: init, ack, subscribe, results, until it ends. A watchdog beside the
    /// reader times out a missing ack and a silent server by closing the connection (the
    /// reader then meets the close and reports why).
    func session(_ connection: any WebSocketConnection, credentials: [String: String],
                 _ deliver: (LiveSignal) async throws -> Void) async throws -> Outcome {
        let watch = GraphQLWSWatch()
        return try await withThrowingTaskGroup(of: Void.self) { group in
            let (tick, timing) = (self.tick, self.timing)
            group.addTask { await Self.watchdog(connection, watch, tick: tick, timing: timing) }
            defer { group.cancelAll() }
            do {
                try await connection.send(.text(GraphQLWSMessage.connectionInit(payload: Self.initPayload(credentials)).text))
                return try await read(connection, watch, deliver)
            } catch {
                await connection.close(code: GraphQLWSCloseCode.normal, reason: "")
                throw error
            }
        }
    }

    private func read(_ connection: any WebSocketConnection, _ watch: GraphQLWSWatch,
                      _ deliver: (LiveSignal) async throws -> Void) async throws -> Outcome {
        let id = Self.operationID
        var changes = 0
        func refuse(_ why: String) async -> Outcome {
            await connection.close(code: GraphQLWSCloseCode.badRequest, reason: String(why.prefix(100)))
            return .retry("the server sent \(why) (closed with 4400)", changes: changes)
        }
        while true {
            let message: WebSocketMessage
            switch try await connection.receive() {
            case .closed(let code, let reason):
                if let failure = watch.failure { return .retry(failure, changes: changes) }
                return Self.closed(code, reason, changes: changes)
            case .message(let received):
                message = received
            }
            watch.touch()
            guard case .text(let text) = message else { return await refuse("a binary message") }
            let read: GraphQLWSMessage
            switch GraphQLWSMessage.read(text, maxBytes: maxMessageBytes) {
            case .failure(let invalid): return await refuse(invalid.description)
            case .success(let message): read = message
            }
            switch read {
            case .connectionAck:
                guard !watch.acked else { continue }
                watch.acknowledge()
                try await connection.send(.text(GraphQLWSMessage.subscribe(id: id, GraphQLWSOperation(query: live.query)).text))
                try await deliver(.status(.open))
            case .ping:
                try await connection.send(.text(GraphQLWSMessage.pong(payload: nil).text))
            case .pong:
                continue
            case .next(id, let payload) where watch.acked:
                changes += 1
                switch live.read(payload, keyFields: keyFields) {
                case .change(let change): try await deliver(.change(change))
                case .reset(let why): try await deliver(.status(.reset(why)))
                case .problem(let why): try await deliver(.status(.note("a subscription result: \(why)")))
                case .ignored: continue
                }
            case .error(id, let messages) where watch.acked:
                await connection.close(code: GraphQLWSCloseCode.normal, reason: "")
                return .finished("the server refused the subscription: \(messages.map(Sanitize.line).joined(separator: "; "))")
            case .complete(id) where watch.acked:
                await connection.close(code: GraphQLWSCloseCode.normal, reason: "")
                return .finished("the server completed the subscription")
            case .next, .error, .complete:
                return await refuse(watch.acked ? "a message for an operation portal did not ask (id \(Sanitize.line(String(Self.id(of: read).prefix(20)))))" : "an operation's message before connection_ack")
            case .connectionInit, .subscribe:
                return await refuse("a message only a client sends")
            }
        }
    }

    private static func id(of message: GraphQLWSMessage) -> String {
        switch message {
        case .next(let id, _), .error(let id, _), .complete(let id), .subscribe(let id, _): id
        default: ""
        }
    }

    /// The server closed the socket: for good when its code says so.
    static func closed(_ code: Int?, _ reason: String, changes: Int) -> Outcome {
        let said = code.map { reason.isEmpty ? "\($0)" : "\($0) \(Sanitize.line(String(reason.prefix(120))))" }
        if code == GraphQLWSCloseCode.unauthorized || code == GraphQLWSCloseCode.forbidden {
            return .credentialsRefused("the server closed the subscription (\(said ?? ""))")
        }
        if GraphQLWSCloseCode.isFinal(code) {
            return .finished("the server closed the subscription (\(said ?? ""))")
        }
        return .retry(said.map { "the connection closed (\($0))" } ?? "the connection closed", changes: changes)
    }

    /// Times out a missing ack, then pings a quiet server and closes a silent one.
    static func watchdog(_ connection: any WebSocketConnection, _ watch: GraphQLWSWatch,
                         tick: @Sendable (Duration) async throws -> Void, timing: Timing) async {
        do {
            try await tick(timing.ackTimeout)
            if !watch.acked {
                watch.fail("no connection_ack within \(seconds(timing.ackTimeout))")
                await connection.close(code: GraphQLWSCloseCode.acknowledgementTimeout, reason: "Connection acknowledgement timeout")
                return
            }
            var seen = watch.seen
            var pinged = false
            while true {
                try await tick(timing.keepAlive)
                let now = watch.seen
                if now != seen {
                    (seen, pinged) = (now, false)
                    continue
                }
                if pinged {
                    watch.fail("timed out: the server said nothing for \(seconds(timing.keepAlive * 2)), not even a pong")
                    await connection.close(code: GraphQLWSCloseCode.normal, reason: "timed out")
                    return
                }
                try await connection.send(.text(GraphQLWSMessage.ping(payload: nil).text))
                pinged = true
            }
        } catch {
            return
        }
    }

    static func seconds(_ duration: Duration) -> String {
        let value = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return value == value.rounded() ? "\(Int(value)) s" : String(format: "%.1f s", value)
    }
}

/// What the reader and the watchdog of one connection share.
final class GraphQLWSWatch: Sendable {
    private struct State {
        var acked = false
        var seen = 0
        var failure: String?
    }
    private let state = Mutex(State())

    var acked: Bool { state.withLock { $0.acked } }
    var seen: Int { state.withLock { $0.seen } }
    /// Why the watchdog closed the connection, if it did.
    var failure: String? { state.withLock { $0.failure } }

    func acknowledge() { state.withLock { $0.acked = true } }
    func touch() { state.withLock { $0.seen &+= 1 } }
    func fail(_ why: String) { state.withLock { if $0.failure == nil { $0.failure = why } } }
}
