import Foundation
import GraphQL
import HummingbirdWebSocket
import PortalCore
import Synchronization
import PortalJSON

/// `/graphql` over WebSocket: the `graphql-transport-ws` protocol (graphql-ws's
/// PROTOCOL.md), server side, so portal's subscriptions (and any graphql-ws, Apollo or
/// strawberry client) have a local server that keeps its rules:
///
/// - the upgrade must offer the subprotocol, else the socket is closed with 4406;
/// - `connection_init` within `initTimeout` (else 4408), once (a second: 4429); with
///   `--oauth-client`, a bearer token on the upgrade or as `connection_init`'s
///   `{"headers": {"Authorization": …}}` (else 4403) — then `connection_ack`;
/// - `subscribe` before the ack: 4401; an id already running: 4409; a subscription runs
///   until its stream ends (`complete`) or the client's `complete`; a query or mutation
///   answers one `next` and `complete`; an operation refused (syntax, validation): `error`;
/// - `ping` → `pong` (with its payload); anything else the protocol does not allow — not
///   JSON, an unknown type, a server's message, binary — closes the socket with 4400.
extension MirrorGraphQL {
    /// How long a connection may wait before `connection_init` (graphql-ws's default).
    static let initTimeout: Duration = .seconds(3)

    /// Serves one upgraded connection. `offered`: the upgrade named the subprotocol;
    /// `authorize`: whether a `connection_init` payload is let in.
    func serveSocket(_ inbound: WebSocketInboundStream, _ outbound: WebSocketOutboundWriter, offered: Bool,
                     authorize: @Sendable (JSONSpan?) -> Bool) async {
        let socket = MirrorSocket(outbound)
        guard offered else { return await socket.close(GraphQLWSCloseCode.subprotocolNotAcceptable, "Subprotocol not acceptable") }
        let timer = Task {
            try await Task.sleep(for: Self.initTimeout)
            if !socket.initialised { await socket.close(GraphQLWSCloseCode.initialisationTimeout, "Connection initialisation timeout") }
        }
        defer {
            timer.cancel()
            socket.cancelAll()
        }
        var messages = inbound.messages(maxSize: GraphQLWSMessage.defaultMaxBytes).makeAsyncIterator()
        while let message = try? await messages.next() {
            guard case .text(let text) = message else { return await socket.close(GraphQLWSCloseCode.badRequest, "Binary messages are not part of the protocol") }
            let read: GraphQLWSMessage
            switch GraphQLWSMessage.read(text) {
            case .failure(let invalid): return await socket.close(GraphQLWSCloseCode.badRequest, String(invalid.description.prefix(100)))
            case .success(let message): read = message
            }
            switch read {
            case .connectionInit(let payload):
                guard socket.initialise() else { return await socket.close(GraphQLWSCloseCode.tooManyInitialisationRequests, "Too many initialisation requests") }
                guard authorize(payload) else { return await socket.close(GraphQLWSCloseCode.forbidden, "Forbidden") }
                socket.acknowledge()
                await socket.send(.connectionAck(payload: nil))
            case .ping(let payload):
                await socket.send(.pong(payload: payload))
            case .pong:
                continue
            case .subscribe(let id, let operation):
                guard socket.acked else { return await socket.close(GraphQLWSCloseCode.unauthorized, "Unauthorized") }
                guard socket.reserve(id) else {
                    return await socket.close(GraphQLWSCloseCode.subscriberExists, "Subscriber for \(String(id.prefix(60))) already exists")
                }
                socket.attach(id, Task { await run(operation, id: id, on: socket) })
            case .complete(let id):
                socket.cancel(id)
            case .connectionAck, .next, .error:
                return await socket.close(GraphQLWSCloseCode.badRequest, "Unexpected message from a client")
            }
        }
    }

    /// Runs one operation: a subscription's results as they come, or a query's one result.
    private func run(_ operation: GraphQLWSOperation, id: String, on socket: MirrorSocket) async {
        defer { socket.release(id) }
        guard case .success(let schema) = schema else { return await socket.send(.error(id: id, messages: ["the schema could not be built"])) }
        var variables: [String: Map] = [:]
        if let text = operation.variables {
            guard let decoded = try? JSONDecoder().decode([String: Map].self, from: Data(text.utf8)) else {
                return await socket.send(.error(id: id, messages: ["Variables are invalid JSON."]))
            }
            variables = decoded
        }
        do {
            let document = try parse(source: Source(body: operation.query))
            let subscribing = document.definitions.contains { definition in
                guard let op = definition as? OperationDefinition else { return false }
                return op.operation == .subscription && (operation.operationName == nil || op.name?.value == operation.operationName)
            }
            guard subscribing else {
                let result = try await graphql(schema: schema, request: operation.query, variableValues: variables, operationName: operation.operationName)
                await socket.send(result: result, id: id)
                return await socket.send(.complete(id: id))
            }
            switch try await graphqlSubscribe(schema: schema, request: operation.query, variableValues: variables, operationName: operation.operationName) {
            case .failure(let errors):
                await socket.send(.error(id: id, messages: errors.errors.map(\.message)))
            case .success(let stream):
                for try await result in stream {
                    if Task.isCancelled { return }
                    await socket.send(result: result, id: id)
                }
                if !Task.isCancelled { await socket.send(.complete(id: id)) }
            }
        } catch let error as GraphQLError {
            await socket.send(.error(id: id, messages: [error.message]))
        } catch {
            if !Task.isCancelled { await socket.send(.error(id: id, messages: ["\(error)"])) }
        }
    }
}

/// One connection's state: the protocol's flags and the operations running by id.
final class MirrorSocket: Sendable {
    private struct State {
        var initialised = false
        var acked = false
        var running: [String: Task<Void, Never>?] = [:]
    }
    private let state = Mutex(State())
    private let outbound: WebSocketOutboundWriter

    init(_ outbound: WebSocketOutboundWriter) { self.outbound = outbound }

    var initialised: Bool { state.withLock { $0.initialised } }
    var acked: Bool { state.withLock { $0.acked } }

    /// False when `connection_init` came before.
    func initialise() -> Bool { state.withLock { state in defer { state.initialised = true }; return !state.initialised } }
    func acknowledge() { state.withLock { $0.acked = true } }
    /// False when an operation of that id is running.
    func reserve(_ id: String) -> Bool {
        state.withLock { state in
            guard state.running[id] == nil else { return false }
            state.running[id] = .some(nil)
            return true
        }
    }
    func attach(_ id: String, _ task: Task<Void, Never>) {
        let ended = state.withLock { state in
            guard state.running[id] != nil else { return true }
            state.running[id] = task
            return false
        }
        if ended { task.cancel() }
    }
    func release(_ id: String) { _ = state.withLock { $0.running.removeValue(forKey: id) } }
    func cancel(_ id: String) { state.withLock { $0.running.removeValue(forKey: id) }??.cancel() }
    func cancelAll() {
        let tasks = state.withLock { state in defer { state.running = [:] }; return state.running.values.compactMap { $0 } }
        for task in tasks { task.cancel() }
    }

    func send(_ message: GraphQLWSMessage) async {
        try? await outbound.write(.text(message.text))
    }

    /// One result as a `next` message, encoded as the HTTP route encodes it.
    func send(result: GraphQLResult, id: String) async {
        guard let payload = try? JSONNode.parse(MirrorGraphQL.answer(200, result).body) else {
            return await send(.error(id: id, messages: ["the answer could not be encoded"]))
        }
        await send(.next(id: id, payload: payload))
    }

    func close(_ code: Int, _ reason: String) async {
        try? await outbound.close(.init(codeNumber: code), reason: reason)
    }
}
