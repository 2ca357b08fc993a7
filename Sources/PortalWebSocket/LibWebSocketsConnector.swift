import Foundation
import PortalCore
import PortalCurl

/// portal's WebSocket client on Debian's libwebsockets (libwebsockets-dev 4.1), behind
/// PortalCore's `WebSocketConnecting`: the live protocols (graphql-transport-ws,
/// Supabase Realtime) speak through it. lws does the connection (TCP, TLS for wss with
/// the certificate and host name checked, a CONNECT tunnel through an http proxy), the
/// upgrade and the frames — fragments joined, pings answered, the closing handshake;
/// portal bounds the messages (`maxMessageBytes`: past it, 1009) and checks text is UTF-8.
/// docs/benchmarks.md ("The WebSocket client") says why this library.
///
/// Every connection of the process is served by one lws context on one thread
/// (`LibWebSocketsService`), asleep in lws_service between events.
///
/// The proxy is the one every other request takes (`ProxyEnvironment`: https_proxy,
/// no_proxy, …), handed to lws per connection. lws speaks to http:// proxies only: a
/// socks or https proxy is refused with a note (curl could use them).
public struct LibWebSocketsConnector: WebSocketConnecting {
    /// The longest connecting (TCP, TLS, proxy) or the upgrade may take, each.
    public var timeoutSeconds: Int
    public var proxies: ProxyEnvironment
    /// A PEM file of certificate authorities trusted for wss on top of the system's store
    /// (/etc/ssl/certs, as for every https request); nil for the system's alone.
    public var trustedCertificates: String?

    public init(timeoutSeconds: Int = 30, proxies: ProxyEnvironment = ProxyEnvironment(), trustedCertificates: String? = nil) {
        self.timeoutSeconds = timeoutSeconds
        self.proxies = proxies
        self.trustedCertificates = trustedCertificates
    }

    public func connect(_ request: WebSocketRequest) async throws -> any WebSocketConnection {
        let target = try LibWebSocketsTarget(request, proxies: proxies)
        let connection = LibWebSocketsConnection(target: target, maxMessageBytes: request.maxMessageBytes, service: .shared)
        try await connection.open(settings: .init(proxy: target.proxy, trustedCertificates: trustedCertificates, timeoutSeconds: timeoutSeconds))
        return connection
    }
}

/// Where a connection goes, worked out before lws sees it: the address and port, the
/// Host header, the path with its query, the subprotocols, the headers (checked: none may
/// carry a line break), and the proxy as lws takes it.
struct LibWebSocketsTarget: Sendable {
    var origin: Origin
    var address: String
    var port: Int
    var secure: Bool
    var host: String
    var path: String
    var subprotocols: String?
    var headers: [(name: String, value: String)]
    /// The proxy as the environment names it (for notes), and as lws takes it.
    var proxyShown: String?
    var proxy: String

    init(_ request: WebSocketRequest, proxies: ProxyEnvironment) throws(TransportError) {
        guard let url = request.webSocketURL, let parts = URLComponents(url: url, resolvingAgainstBaseURL: false),
              let rawHost = parts.host, !rawHost.isEmpty else {
            throw .invalidRequest("a WebSocket URL must be ws, wss, http or https, with a host")
        }
        secure = parts.scheme == "wss"
        let bare = rawHost.hasPrefix("[") ? String(rawHost.dropFirst().dropLast()) : rawHost
        address = bare
        port = parts.port ?? (secure ? 443 : 80)
        let named = bare.contains(":") ? "[\(bare)]" : bare
        host = port == (secure ? 443 : 80) ? named : "\(named):\(port)"
        var path = parts.percentEncodedPath.isEmpty ? "/" : parts.percentEncodedPath
        if let query = parts.percentEncodedQuery { path += "?" + query }
        self.path = path
        guard let origin = SplitURL((secure ? "https://" : "http://") + host + "/")?.origin else {
            throw .invalidRequest("the WebSocket URL is not valid")
        }
        self.origin = origin
        subprotocols = request.subprotocols.isEmpty ? nil : request.subprotocols.joined(separator: ", ")
        headers = try Self.checked(request.headers)
        guard [path, host, subprotocols ?? ""].allSatisfy(Self.isFieldValue) else { throw .invalidRequest("the WebSocket URL cannot be sent") }
        let chosen = proxies.proxy(for: origin)
        proxyShown = chosen.map(ProxyEnvironment.shown)
        proxy = try chosen.map(Self.lwsProxy) ?? ""
    }

    /// Headers lws writes itself are not sent twice; a name or value that would break the
    /// request's head is refused.
    private static let ownHeaders: Set<String> = [
        "host", "upgrade", "connection", "sec-websocket-key", "sec-websocket-version", "sec-websocket-protocol",
        "sec-websocket-extensions", "content-length", "transfer-encoding", "origin",
    ]

    private static func checked(_ headers: [String: String]) throws(TransportError) -> [(name: String, value: String)] {
        var kept: [(name: String, value: String)] = []
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) where !ownHeaders.contains(name.lowercased()) {
            guard isToken(name), isFieldValue(value) else { throw .invalidRequest("the header \(Sanitize.line(name)) cannot be sent") }
            kept.append((name, value))
        }
        return kept
    }

    /// `http://user:password@host:port/` as lws_set_proxy reads it (`user:password@host:port`,
    /// the port always written: without one lws would go direct). Only http proxies.
    static func lwsProxy(_ proxy: String) throws(TransportError) -> String {
        let written = proxy.contains("://") ? proxy : "http://" + proxy
        guard let parts = URLComponents(string: written), let host = parts.host, !host.isEmpty else {
            throw .invalidRequest("the proxy \(ProxyEnvironment.shown(proxy)) is not a URL")
        }
        guard parts.scheme?.lowercased() == "http" else {
            throw .invalidRequest("portal's WebSocket client goes through http:// proxies only, not \(ProxyEnvironment.shown(proxy))")
        }
        var text = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        text += ":\(parts.port ?? 1080)"
        if let user = parts.user {
            text = (user.removingPercentEncoding ?? user) + ":" + ((parts.password ?? "").removingPercentEncoding ?? "") + "@" + text
        }
        return text
    }

    private static func isToken(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }

    private static func isFieldValue(_ value: String) -> Bool {
        value.unicodeScalars.allSatisfy { $0 == "\t" || !Sanitize.isControl($0) }
    }
}

extension LibWebSocketsConnector {
    /// Why a connection failed, from lws's words (its connection-error text) in the words
    /// `CurlTransport` uses for the same failure; `status` is the HTTP status of the
    /// upgrade's answer when one came (0 when none).
    static func refusal(_ words: String, status: Int = 0, target: LibWebSocketsTarget, certificateProblem: String?) -> TransportError {
        let place = target.proxyShown.map { "the proxy " + $0 } ?? target.origin.written
        if let certificateProblem {
            return .connectionFailed("the TLS certificate of \(target.origin.written) was refused: \(Sanitize.line(certificateProblem))")
        }
        switch words {
        case let text where text.hasPrefix("Unable to connect"):
            return .cannotConnect("\(place) refused the connection")
        case let text where text.contains("getaddrinfo"):
            return .cannotConnect("no address for \(place)")
        case let text where text.hasPrefix("Timed out") || text == "timeout":
            return .cannotConnect("\(place) did not accept a connection")
        case let text where (300..<400).contains(status) || text.hasPrefix("HS: Redirect") || text.hasPrefix("HS: user code rejected redirect"):
            // LCCSCF_HTTP_NO_FOLLOW_REDIRECT: a redirect may lead to another origin, which the
            // list's credentials must not reach; a WebSocket is asked where the list says.
            return .connectionFailed("the server answered the WebSocket upgrade with a redirect; portal does not follow it")
        case let text where text.hasPrefix("HS: ws upgrade"):
            return .connectionFailed("the server did not accept the WebSocket upgrade")
        case let text where text.hasPrefix("HS: "):
            return .malformedAnswer("the server's answer to the WebSocket upgrade is not valid (\(Sanitize.line(String(text.dropFirst(4)))))")
        case let text where text.lowercased().contains("proxy") && target.proxyShown != nil:
            return .connectionFailed("\(place) refused to pass the request on")
        case let text where text.hasPrefix("connect SSL") || text.hasPrefix("connect SYSCALL"):
            return .connectionFailed("TLS with \(target.origin.written) failed")
        default:
            return .connectionFailed("the WebSocket connection to \(target.origin.written) failed (\(Sanitize.line(words)))")
        }
    }
}
