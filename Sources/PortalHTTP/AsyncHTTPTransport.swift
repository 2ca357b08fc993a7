import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import PortalCore

/// The live network, through async-http-client, with limits a server cannot talk its way past.
///
/// Why not URLSession: corelibs URLSession on Linux reads the socket as fast as the peer
/// sends and queues every chunk, so an endless body grew portal by hundreds of MiB before
/// a cancel landed. async-http-client hands the body over as an `AsyncSequence` with
/// back-pressure: nothing more is read from the socket until portal asks for the next
/// chunk, so portal holds at most the cap plus a chunk or two (docs/architecture.md).
///
/// - Body cap: a `Content-Length` over `maxBodyBytes` is refused before the body is read;
///   a body without one stops being read (and the connection is closed) at the cap.
/// - Timeouts that fire: no byte for `idleTimeout` (a server that accepts and says
///   nothing), or no whole answer within `overallTimeout` (one that dribbles a byte now
///   and then), redirects included. A refused connection fails at once, one that is never
///   accepted after `HTTPClientPool.connectTimeout`: both are `cannotConnect`.
/// - Redirects are followed here, never by the client, and only within the request's
///   origin (scheme, host, port), at most `maxRedirects` times; any other is returned as
///   the 3xx answer it is.
///
/// The status is passed up untouched so that a 429 or 500 is seen as what it is, never
/// as a decoding error.
public struct AsyncHTTPTransport: Transport {
    /// Limits for one transport; tests shrink them to see timeouts and the body cap.
    public struct Configuration: Sendable {
        /// Longest wait for the first byte or between two bytes.
        public var idleTimeout: TimeInterval = 10
        /// Longest time for a whole request, from sending it to the last byte.
        public var overallTimeout: TimeInterval = 30
        public var maxBodyBytes: Int = 8 * 1_048_576
        /// Same-origin redirects followed for one request.
        public var maxRedirects = 5
        public var userAgent: String = "portal/0.1"
        public init() {}
    }

    public let configuration: Configuration
    private let client: HTTPClient

    /// A transport on the process's one HTTP client (`HTTPClientPool.shared`).
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        self.client = HTTPClientPool.shared
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard let origin = SplitURL(request.url.absoluteString)?.origin else {
            throw TransportError.notServed(request.url.absoluteString)
        }
        // Checked here too, not only where headers are made: a value with a control
        // character never reaches the client (whose error would quote it).
        for (name, value) in request.headers
        where !RequestHeaders.isHeaderName(name) || RequestHeaders.holdsControlCharacter(value) {
            throw TransportError.invalidRequest("the header \(RequestHeaders.isHeaderName(name) ? name : "name") holds characters HTTP does not allow")
        }
        let deadlines = RequestDeadlines(idle: configuration.idleTimeout, overall: configuration.overallTimeout)
        do {
            return try await deadlines.enforce {
                try await self.fetch(request, origin: origin, deadlines: deadlines)
            }
        } catch {
            throw TransportErrorMapping.map(error, origin: origin, configuration: configuration)
        }
    }

    /// Sends the request, following same-origin redirects by hand.
    private func fetch(_ request: HTTPRequest, origin: Origin, deadlines: RequestDeadlines) async throws -> HTTPResponse {
        var url = request.url
        var redirects = 0
        while true {
            let response = try await client.execute(
                clientRequest(url, request),
                // A backstop only: the watchdog in `deadlines` fires first.
                deadline: .now() + .milliseconds(Int64((configuration.overallTimeout + 1) * 1000))
            )
            deadlines.touch()
            if redirects < configuration.maxRedirects, let target = sameOriginRedirect(response, from: url, origin: origin) {
                // Read (up to the cap) and drop the 3xx's own body before going on.
                _ = try await collect(response, deadlines: deadlines)
                redirects += 1
                url = target
                continue
            }
            let body = try await collect(response, deadlines: deadlines)
            var headers: [String: String] = [:]
            for (name, value) in response.headers {
                let key = name.lowercased()
                headers[key] = headers[key].map { $0 + ", " + value } ?? value
            }
            return HTTPResponse(status: Int(response.status.code), headers: headers, body: body)
        }
    }

    private func clientRequest(_ url: URL, _ original: HTTPRequest) -> HTTPClientRequest {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = HTTPMethod(rawValue: original.method)
        request.headers.replaceOrAdd(name: "User-Agent", value: configuration.userAgent)
        request.headers.replaceOrAdd(name: "Accept", value: "application/json")
        if let body = original.body {
            request.headers.replaceOrAdd(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(bytes: body))
        }
        for (name, value) in original.headers { request.headers.replaceOrAdd(name: name, value: value) }
        return request
    }

    /// Where a 3xx points, when that is within `origin`; nil for anything else.
    private func sameOriginRedirect(_ response: HTTPClientResponse, from url: URL, origin: Origin) -> URL? {
        guard (300...399).contains(response.status.code), response.status != .notModified,
              let location = response.headers.first(name: "location"),
              let target = URL(string: location, relativeTo: url)?.absoluteURL,
              SplitURL(target.absoluteString)?.origin == origin else { return nil }
        return target
    }

    /// The whole body, read one chunk at a time: refused before reading when its declared
    /// length is over the cap, and abandoned (which closes the connection) once it passes it.
    private func collect(_ response: HTTPClientResponse, deadlines: RequestDeadlines) async throws -> Data {
        let limit = configuration.maxBodyBytes
        let declared = response.headers.first(name: "content-length").flatMap { Int($0) }
        if let declared, declared > limit { throw TransportError.bodyTooLarge(limit: limit) }
        var body = Data()
        body.reserveCapacity(min(declared ?? 0, limit))
        for try await chunk in response.body {
            deadlines.touch()
            guard body.count + chunk.readableBytes <= limit else { throw TransportError.bodyTooLarge(limit: limit) }
            body.append(contentsOf: chunk.readableBytesView)
        }
        return body
    }
}
