import CCurl
import Foundation
import PortalCore

/// portal's WebSocket client on Debian's libcurl, behind PortalCore's `WebSocketConnecting`.
/// This libcurl has no WebSocket support, but `CURLOPT_CONNECT_ONLY` makes the connection —
/// TCP, TLS for wss, the proxy the environment names (`ProxyEnvironment`, tunnelled with
/// CONNECT) — and hands it over; the opening handshake (`WebSocketHandshake`) and the
/// frames (`WebSocketInbound`, `WebSocketFrame`) are portal's own, pure Swift. No library
/// to compile: the NIO client it replaced cost `make run` 220 CPU seconds (docs/benchmarks.md).
///
/// Each connection runs on a thread of its own (`CurlWebSocketConnection`), waiting in
/// poll() on its socket and a wake-up pipe, never busy. Pings are answered there; a
/// message past `maxMessageBytes` closes the connection with 1009.
public struct CurlWebSocketConnector: WebSocketConnecting {
    /// The longest the TCP (and TLS, and proxy) connection may take.
    public var connectTimeout: Duration
    /// The longest the upgrade may take once connected: a server that never answers it is
    /// `TransportError.timedOut`.
    public var handshakeTimeout: Duration
    public var proxies: ProxyEnvironment

    public init(connectTimeout: Duration = .seconds(30), handshakeTimeout: Duration = .seconds(30), proxies: ProxyEnvironment = ProxyEnvironment()) {
        self.connectTimeout = connectTimeout
        self.handshakeTimeout = handshakeTimeout
        self.proxies = proxies
    }

    public func connect(_ request: WebSocketRequest) async throws -> any WebSocketConnection {
        guard let url = request.webSocketURL, var parts = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            throw TransportError.invalidRequest("a WebSocket URL must be ws, wss, http or https")
        }
        parts.scheme = parts.scheme == "wss" ? "https" : "http"
        parts.fragment = nil
        guard let httpURL = parts.url, let origin = SplitURL(httpURL.absoluteString)?.origin else {
            throw TransportError.invalidRequest("the WebSocket URL is not valid")
        }
        let handshake = WebSocketHandshake()
        let head = try handshake.request(url: url, headers: request.headers, subprotocols: request.subprotocols)
        let settings = CurlWebSocketConnection.Settings(
            url: httpURL, origin: origin, proxy: proxies.proxy(for: origin), handshake: handshake, head: head,
            subprotocols: request.subprotocols, maxMessageBytes: request.maxMessageBytes,
            connectTimeout: connectTimeout, handshakeTimeout: handshakeTimeout)
        guard let connection = CurlWebSocketConnection(settings) else {
            throw TransportError.connectionFailed("libcurl could not make a handle")
        }
        try await connection.open()
        return connection
    }

    /// How the connection failed, in the words `CurlTransport` uses for the same failure.
    static func refusal(_ code: CURLcode, origin: Origin, proxy: String?) -> TransportError {
        let proxyName = proxy.map { "the proxy " + ProxyEnvironment.shown($0) }
        switch code {
        case CURLE_COULDNT_CONNECT: return .cannotConnect("\(proxyName ?? origin.description) refused the connection")
        case CURLE_COULDNT_RESOLVE_HOST: return .cannotConnect("no address for \(origin)")
        case CURLE_COULDNT_RESOLVE_PROXY: return .cannotConnect("no address for \(proxyName ?? "the proxy")")
        case CURLE_OPERATION_TIMEDOUT: return .cannotConnect("\(proxyName ?? origin.description) did not accept a connection")
        case CURLE_PROXY: return .connectionFailed("\(proxyName ?? "the proxy") refused to pass the request on")
        case CURLE_ABORTED_BY_CALLBACK: return .cancelled
        default: return .connectionFailed(String(cString: curl_easy_strerror(code)))
        }
    }
}
