import Foundation
import PortalCore

/// Server-sent event streams over libcurl (`CurlStream`): a GET asking for
/// `text/event-stream`, its body read as it comes, a bounded amount ahead of the reader.
/// The request's headers go as `CurlTransport` sends them (checked for control
/// characters first), through the proxy the environment names for the origin.
public struct CurlStreamTransport: StreamingTransport {
    public struct Configuration: Sendable {
        /// No byte for this long ends the stream (servers send a heartbeat comment every
        /// 15–30 s; a silent one is gone).
        public var idleTimeout: TimeInterval = 45
        public var connectTimeout: TimeInterval = 5
        /// Read ahead of the reader at most this much; past it the socket waits.
        public var maxBufferedBytes = 1_048_576
        public var userAgent = "portal/0.1"
        public var proxies = ProxyEnvironment()
        public init() {}
    }

    public let configuration: Configuration

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    public func open(_ request: HTTPRequest) async throws -> StreamingResponse {
        let origin = try CurlRequestCheck.origin(of: request)
        var fields: [(String, String)] = [("User-Agent", configuration.userAgent), ("Accept", "text/event-stream"), ("Cache-Control", "no-cache")]
        for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) {
            fields.removeAll { $0.0.caseInsensitiveCompare(name) == .orderedSame }
            fields.append((name, value))
        }
        let lines = fields.map { $0.1.isEmpty ? "\($0.0);" : "\($0.0): \($0.1)" }
        let limits = CurlStream.Limits(idleTimeout: configuration.idleTimeout, connectTimeout: configuration.connectTimeout,
                                       maxBufferedBytes: configuration.maxBufferedBytes)
        return try await CurlStream.open(url: request.url, headerLines: lines, proxy: configuration.proxies.proxy(for: origin),
                                         limits: limits, origin: origin)
    }
}
