import Foundation
import PortalJSON

/// One message of the `graphql-transport-ws` WebSocket subprotocol (the GraphQL over
/// WebSocket protocol of graphql-ws, which strawberry, Apollo and Hasura speak), either
/// direction: the client's reader and the mirror's server both read and write these.
///
/// Read strictly, as the protocol asks: a message that is not a JSON object with a known
/// `type`, or that lacks what its type needs (an `id` for `subscribe`/`next`/`error`/
/// `complete`, an object `payload` for `next` and `subscribe`, a list of errors for
/// `error`), is invalid — the reader closes the socket with 4400 and the reason.
public enum GraphQLWSMessage: Sendable, Equatable {
    case connectionInit(payload: JSONSpan?)
    case connectionAck(payload: JSONSpan?)
    case ping(payload: JSONSpan?)
    case pong(payload: JSONSpan?)
    case subscribe(id: String, GraphQLWSOperation)
    /// One execution result (`{"data": …, "errors": […]}`).
    case next(id: String, payload: JSONSpan)
    /// The operation failed before it ran: the errors' messages.
    case error(id: String, messages: [String])
    case complete(id: String)

    /// The subprotocol's name, offered in `Sec-WebSocket-Protocol`.
    public static let subprotocol = "graphql-transport-ws"

    /// The largest message read (1 MiB): a longer one is refused before it is parsed.
    public static let defaultMaxBytes = 1 << 20

    /// Reads one text message.
    public static func read(_ text: String, maxBytes: Int = defaultMaxBytes) -> Result<GraphQLWSMessage, GraphQLWSInvalid> {
        guard text.utf8.count <= maxBytes else { return .failure(GraphQLWSInvalid("a message of more than \(maxBytes) bytes")) }
        guard let span = try? JSONNode.parse(Data(text.utf8)), let fields = span.node.fields else {
            return .failure(GraphQLWSInvalid("a message that is not a JSON object"))
        }
        func field(_ name: String) -> JSONSpan? { fields.first { $0.key == name }?.value }
        guard let type = field("type")?.node.string else { return .failure(GraphQLWSInvalid("a message without a type")) }
        let payload = field("payload").flatMap { $0.node == .null ? nil : $0 }
        let id = field("id")?.node.string
        func identified(_ make: (String) -> GraphQLWSMessage) -> Result<GraphQLWSMessage, GraphQLWSInvalid> {
            guard let id, !id.isEmpty else { return .failure(GraphQLWSInvalid("a \(type) message without an id")) }
            return .success(make(id))
        }
        switch type {
        case "connection_init", "connection_ack", "ping", "pong":
            if let payload, payload.node.fields == nil {
                return .failure(GraphQLWSInvalid("a \(type) message whose payload is not an object"))
            }
            switch type {
            case "connection_init": return .success(.connectionInit(payload: payload))
            case "connection_ack": return .success(.connectionAck(payload: payload))
            case "ping": return .success(.ping(payload: payload))
            default: return .success(.pong(payload: payload))
            }
        case "next":
            guard let payload, payload.node.fields != nil else { return .failure(GraphQLWSInvalid("a next message whose payload is not an object")) }
            return identified { .next(id: $0, payload: payload) }
        case "error":
            guard let errors = payload?.node.elements, !errors.isEmpty else {
                return .failure(GraphQLWSInvalid("an error message whose payload is not a list of errors"))
            }
            let messages = errors.map { $0.node["message"]?.string ?? "an error without a message" }
            return identified { .error(id: $0, messages: messages) }
        case "complete":
            return identified { .complete(id: $0) }
        case "subscribe":
            guard let payload, let query = payload.node["query"]?.string else {
                return .failure(GraphQLWSInvalid("a subscribe message without a query"))
            }
            let operation = GraphQLWSOperation(
                query: query, operationName: payload.node["operationName"]?.string,
                variables: payload.node.fields?.first { $0.key == "variables" }?.value.text)
            return identified { .subscribe(id: $0, operation) }
        default:
            return .failure(GraphQLWSInvalid("a message of unknown type \(Sanitize.line(String(type.prefix(40))))"))
        }
    }

    /// The message as JSON text.
    public var text: String {
        var w = JSONWriter(reserving: 128)
        w.beginObject()
        switch self {
        case .connectionInit(let payload): w.field("type", "connection_init"); Self.payload(payload, &w)
        case .connectionAck(let payload): w.field("type", "connection_ack"); Self.payload(payload, &w)
        case .ping(let payload): w.field("type", "ping"); Self.payload(payload, &w)
        case .pong(let payload): w.field("type", "pong"); Self.payload(payload, &w)
        case .subscribe(let id, let operation):
            w.field("id", id)
            w.field("type", "subscribe")
            w.key("payload")
            w.beginObject()
            w.field("query", operation.query)
            if let name = operation.operationName { w.field("operationName", name) }
            if let variables = operation.variables { w.key("variables"); w.raw(variables.utf8) }
            w.endObject()
        case .next(let id, let payload):
            w.field("id", id)
            w.field("type", "next")
            w.key("payload")
            w.raw(payload.text.utf8)
        case .error(let id, let messages):
            w.field("id", id)
            w.field("type", "error")
            w.key("payload")
            w.beginArray()
            for message in messages {
                w.beginObject()
                w.field("message", message)
                w.endObject()
            }
            w.endArray()
        case .complete(let id):
            w.field("id", id)
            w.field("type", "complete")
        }
        w.endObject()
        return w.string
    }

    private static func payload(_ payload: JSONSpan?, _ w: inout JSONWriter) {
        guard let payload else { return }
        w.key("payload")
        w.raw(payload.text.utf8)
    }
}

/// A `subscribe` message's operation; `variables` as JSON text (an object), nil when none.
public struct GraphQLWSOperation: Sendable, Equatable {
    public var query: String
    public var operationName: String?
    public var variables: String?

    public init(query: String, operationName: String? = nil, variables: String? = nil) {
        self.query = query
        self.operationName = operationName
        self.variables = variables
    }
}

/// Why a message broke the protocol: the reason of the 4400 close.
public struct GraphQLWSInvalid: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// The protocol's close codes (graphql-ws PROTOCOL.md) and the few of RFC 6455 it meets.
public enum GraphQLWSCloseCode {
    public static let normal = 1000
    public static let badRequest = 4400
    public static let unauthorized = 4401
    public static let forbidden = 4403
    public static let subprotocolNotAcceptable = 4406
    public static let initialisationTimeout = 4408
    public static let subscriberExists = 4409
    public static let tooManyInitialisationRequests = 4429
    /// graphql-ws's client closes with this when no `connection_ack` comes in time.
    public static let acknowledgementTimeout = 4504

    /// Codes after which connecting again would meet the same answer: the follower ends.
    public static func isFinal(_ code: Int?) -> Bool {
        guard let code else { return false }
        return [1002, 1003, 1007, badRequest, unauthorized, forbidden, subprotocolNotAcceptable, subscriberExists, tooManyInitialisationRequests].contains(code)
    }
}
