import Foundation

/// Opens WebSocket connections (RFC 6455) for the live protocols that run over one —
/// graphql-transport-ws subscriptions, Supabase Realtime — so they are written against
/// this and not against a library: `PortalWebSocket.LibWebSocketsConnector` is the real
/// one (Debian's libwebsockets), tests script one.
public protocol WebSocketConnecting: Sendable {
    /// Connects and completes the opening handshake; throws a `TransportError` when it
    /// cannot (`cannotConnect`, `connectionFailed`, `invalidRequest` for a URL that is not
    /// ws/wss/http/https, `malformedAnswer` when the server refuses the upgrade).
    func connect(_ request: WebSocketRequest) async throws -> any WebSocketConnection
}

/// What to open: the URL (`ws`/`wss`, or `http`/`https` meaning the same), the headers of
/// the upgrade request (credentials among them), the subprotocols offered
/// (`Sec-WebSocket-Protocol`), and the largest message the client takes.
public struct WebSocketRequest: Sendable, Equatable {
    public var url: URL
    public var headers: [String: String]
    public var subprotocols: [String]
    /// A message (all its frames together) larger than this closes the connection with
    /// 1009 (message too big) and a note; nothing past it is held.
    public var maxMessageBytes: Int

    public init(url: URL, headers: [String: String] = [:], subprotocols: [String] = [], maxMessageBytes: Int = 1 << 20) {
        self.url = url
        self.headers = headers
        self.subprotocols = subprotocols
        self.maxMessageBytes = maxMessageBytes
    }
}

/// One message as the application sees it (its frames joined; pings answered below).
public enum WebSocketMessage: Sendable, Equatable {
    case text(String)
    case binary([UInt8])
}

/// What a connection hands its reader next.
public enum WebSocketEvent: Sendable, Equatable {
    case message(WebSocketMessage)
    /// The connection is over: the close code the server sent (nil when it sent none, or
    /// the connection dropped) and its reason.
    case closed(code: Int?, reason: String)
}

/// An open WebSocket. One reader calls `receive()`; `send` and `close` may be called from
/// any task meanwhile (a keep-alive ping, a watchdog closing a silent connection).
public protocol WebSocketConnection: Sendable {
    /// The next message, or `.closed` once the connection is over (and on every call
    /// after). Throws only `CancellationError` when the reading task is cancelled.
    func receive() async throws -> WebSocketEvent
    /// Sends one message; throws a `TransportError` when the connection is gone.
    func send(_ message: WebSocketMessage) async throws
    /// Starts the closing handshake with `code` and `reason` (the reader then gets
    /// `.closed`); does nothing when already closed.
    func close(code: Int, reason: String) async
}

extension WebSocketRequest {
    /// `url` with `http`/`https` turned into `ws`/`wss` (GraphQL endpoints are named by
    /// their HTTP URL), nil for any other scheme.
    public var webSocketURL: URL? {
        guard var parts = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return nil }
        switch parts.scheme?.lowercased() {
        case "ws", "http": parts.scheme = "ws"
        case "wss", "https": parts.scheme = "wss"
        default: return nil
        }
        return parts.url
    }
}
