import Foundation
import PortalCore

/// The live network on Debian's libcurl, with limits a server cannot talk its way past.
///
/// Why libcurl: it is a system library (a clean build compiles none of it, where
/// async-http-client brought SwiftNIO and BoringSSL: minutes on two cores), and it speaks
/// the proxy variables people already set for curl (`ProxyEnvironment`).
///
/// - Body cap: a `Content-Length` over `maxBodyBytes` is refused before the body is read;
///   a body without one is stopped (and its connection closed) at the cap, from curl's
///   write callback, so portal holds at most the cap plus one chunk.
/// - Timeouts that fire: no byte for `idleTimeout` (a server that accepts and says
///   nothing), or no whole answer within `overallTimeout` (one that dribbles a byte now
///   and then), redirects included. A refused connection fails at once, one that is never
///   accepted after `connectTimeout`: both are `cannotConnect`.
/// - Redirects are followed here, never by curl, and only within the request's origin
///   (scheme, host, port), at most `maxRedirects` times; any other is returned as the 3xx
///   answer it is.
/// - An answer that is not HTTP portal can read (a head over 80 KiB, control bytes in a
///   header, no status line) is `malformedAnswer`, which is never retried.
/// - A header the request may not carry (a control character in a value) is refused
///   before anything goes out, and the error never quotes it.
/// - Cancelling the task ends the transfer at once (`CurlLoop` drops it on its next turn).
/// - Rate limits are respected (`RateBudget`): every answer's rate-limit headers are
///   noted, and a request to an origin with nothing left waits for its reset.
/// - Pictures travel in their own lane (`HTTPRequest.lane`, `CurlLoop.pictures`): their
///   own thread, connections and name resolutions, so pages never wait on them.
///
/// The status is passed up untouched so that a 429 or 500 is seen as what it is, never
/// as a decoding error. The answer names the proxy it came through (`HTTPResponse.proxy`).
public struct CurlTransport: Transport {
    /// Limits for one transport; tests shrink them to see timeouts and the body cap.
    public struct Configuration: Sendable {
        /// Longest wait for the first byte or between two bytes.
        public var idleTimeout: TimeInterval = 10
        /// Longest time for a whole request, from sending it to the last byte.
        public var overallTimeout: TimeInterval = 30
        /// How long a connection may take to be accepted. A refused one fails at once.
        public var connectTimeout: TimeInterval = 2
        public var maxBodyBytes: Int = 8 * 1_048_576
        /// Same-origin redirects followed for one request.
        public var maxRedirects = 5
        public var userAgent: String = "portal/0.1"
        /// Where the proxy variables are read (the process's environment).
        public var proxies = ProxyEnvironment()
        /// The origins' rate limits: every answer is noted, and a request to an origin
        /// whose budget is spent waits for its reset (`RateBudget`).
        public var rates = RateBudget.shared
        public init() {}
    }

    public let configuration: Configuration

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let origin = try CurlRequestCheck.origin(of: request)
        guard RequestHeaders.isHeaderName(request.method) else {
            throw TransportError.invalidRequest("the method is not an HTTP token")
        }
        let proxy = configuration.proxies.proxy(for: origin)
        // Before the deadline starts: waiting out a spent budget is not the server's time.
        try await configuration.rates.waitIfSpent(for: request.url)
        let deadline = ContinuousClock.now + .seconds(configuration.overallTimeout)
        var url = request.url
        var redirects = 0
        while true {
            try Task.checkCancellation(orThrow: TransportError.cancelled)
            let transfer = CurlTransfer(exchange(url, request, proxy: proxy), limits: limits(deadline), origin: origin)
            let answer = try await transfer.run(on: CurlLoop.serving(request.lane))
            if redirects < configuration.maxRedirects, let target = sameOriginRedirect(answer, from: url, origin: origin) {
                redirects += 1
                url = target
                continue
            }
            var response = HTTPResponse(status: answer.status, headers: answer.headers, body: answer.body)
            response.proxy = proxy.map(ProxyEnvironment.shown)
            configuration.rates.observe(response, from: request.url)
            return response
        }
    }

    private func limits(_ deadline: ContinuousClock.Instant) -> CurlTransfer.Limits {
        CurlTransfer.Limits(
            maxBodyBytes: configuration.maxBodyBytes, idle: configuration.idleTimeout, overall: configuration.overallTimeout,
            connectTimeout: configuration.connectTimeout, deadline: deadline)
    }

    /// The request for one hop: the request's own headers over portal's defaults.
    private func exchange(_ url: URL, _ original: HTTPRequest, proxy: String?) -> CurlTransfer.Request {
        var fields: [(String, String)] = [("User-Agent", configuration.userAgent), ("Accept", "application/json")]
        if original.body != nil {
            fields.append(("Content-Type", "application/json"))
        }
        for (name, value) in original.headers.sorted(by: { $0.key < $1.key }) {
            fields.removeAll { $0.0.caseInsensitiveCompare(name) == .orderedSame }
            fields.append((name, value))
        }
        // `Name;` is how curl sends a header with an empty value (`Name:` would drop it).
        var lines = fields.map { $0.1.isEmpty ? "\($0.0);" : "\($0.0): \($0.1)" }
        // curl would wait for a `100 Continue` before a large body; portal's bodies are small.
        lines.append("Expect:")
        return CurlTransfer.Request(url: url, method: original.method, headerLines: lines, body: original.body, proxy: proxy)
    }

    /// Where a 3xx points, when that is within `origin`; nil for anything else.
    private func sameOriginRedirect(_ answer: CurlTransfer.Answer, from url: URL, origin: Origin) -> URL? {
        guard (300...399).contains(answer.status), answer.status != 304,
              let location = answer.headers["location"],
              let target = URL(string: location, relativeTo: url)?.absoluteURL,
              SplitURL(target.absoluteString)?.origin == origin else { return nil }
        return target
    }
}

private extension Task where Success == Never, Failure == Never {
    static func checkCancellation(orThrow error: TransportError) throws {
        if Task.isCancelled { throw error }
    }
}
