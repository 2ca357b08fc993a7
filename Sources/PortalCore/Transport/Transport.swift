import Foundation

/// What portal asks a server: a method, a URL, request headers and (for a POST) a body.
public struct HTTPRequest: Sendable, Hashable {
    public var method: String
    public var url: URL
    public var headers: [String: String]
    /// The request body (nil for a GET). Part of the cache key, as a digest.
    public var body: Data?
    /// Who is asking, for the caches: when set, the cache key holds this in place of the
    /// `Authorization` header's value. A signed-in user's access token changes every hour;
    /// their answers must stay theirs across tokens (a user id here) and apart from every
    /// other user's. Never sent; hashed with the cache's secret before it is stored.
    public var cacheIdentity: String?
    /// Ask the server even when a cache holds a fresh answer: `R` (refresh) sets it, and
    /// the disk cache then revalidates (`If-None-Match`, a 304 costs no body) while the
    /// session cache is passed by. Never sent as a header, not part of the request's identity.
    public var revalidate = false
    /// Ask the network with no condition and replace what the caches hold: a page whose
    /// kept copy gave a link the server no longer takes (a dead cursor, `DeadLink`) must
    /// be read again as the server has it now, not revalidated into the same bytes (a 304)
    /// nor served from memory. Never sent as a header, not part of the request's identity.
    public var reload = false
    /// The live transport's lane (`RequestLane`): pictures travel apart from pages. Never
    /// sent, not part of the request's identity.
    public var lane = RequestLane.pages

    public init(method: String = "GET", url: URL, headers: [String: String] = [:], body: Data? = nil, cacheIdentity: String? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.cacheIdentity = cacheIdentity
    }

    /// The headers a cache keys this request by: all of them, less `Authorization` when
    /// `cacheIdentity` stands in for it (the one rule both caches follow).
    public var cacheKeyedHeaders: [String: String] {
        cacheIdentity == nil ? headers : headers.filter { $0.key.caseInsensitiveCompare("Authorization") != .orderedSame }
    }

    /// The same request whether or not it revalidates or reloads: those say how to ask,
    /// not what (a page in flight is matched to its answer by this).
    public static func == (a: HTTPRequest, b: HTTPRequest) -> Bool {
        a.method == b.method && a.url == b.url && a.headers == b.headers && a.body == b.body && a.cacheIdentity == b.cacheIdentity
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(method)
        hasher.combine(url)
        hasher.combine(headers)
        hasher.combine(body)
        hasher.combine(cacheIdentity)
    }
}

/// What a server answered: status, headers (names lowercased) and the whole body.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: [String: String]
    public var body: Data
    /// Set by the on-disk cache: where this answer came from (nil without a disk cache).
    public var cache: CacheStatus?
    /// Set by a cache that would keep this answer once it decoded (the session cache
    /// chains the disk cache's receipt behind its own). Nil for answers from elsewhere.
    public var receipt: DecodeReceipt?
    /// The proxy the answer came through (`http://host:port`, never its credentials), set
    /// by the live transport for `--trace`; nil for a direct connection.
    public var proxy: String?

    public init(status: Int, headers: [String: String] = [:], body: Data) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { _, last in last })
        self.body = body
    }

    public func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// `Retry-After` in seconds (a number or an HTTP-date), clamped to
    /// `RetryAfter.ceiling`; nil when absent or unreadable.
    public var retryAfterSeconds: Double? {
        header("retry-after").flatMap { RetryAfter.seconds($0) }
    }

    /// Tells the cache this answer came through (if any) that it decoded into what was
    /// asked for, so it may be kept. A cache keeps nothing before that: a truncated or
    /// undecodable 200 must be fetched again on retry, not served again.
    public func confirmDecoded() {
        receipt?.confirm()
    }

    /// Tells the caches this answer came through that it did not decode: a cache that
    /// served it drops it (the session cache and the disk cache both), so asking again
    /// reaches the network. Nothing is kept.
    public func rejectUndecodable() {
        receipt?.reject()
    }
}

/// Why no whole answer came in time.
public enum Timeout: Sendable, Equatable, CustomStringConvertible {
    /// No byte arrived for this many seconds (nothing after connecting, or a stall).
    case idle(seconds: Double)
    /// The whole answer did not arrive within this many seconds (a server that dribbles).
    case overall(seconds: Double)

    public var description: String {
        switch self {
        case .idle(let seconds): "no data from the server for \(Self.format(seconds)) s"
        case .overall(let seconds): "no complete answer within \(Self.format(seconds)) s"
        }
    }

    static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(format: "%.1f", seconds)
    }
}

/// Why no answer came back at all (an answer with a bad status is not a transport error).
public enum TransportError: Error, Sendable, Equatable, CustomStringConvertible {
    case timedOut(Timeout)
    /// Nothing listens there, or the host has no address: retried only briefly.
    case cannotConnect(String)
    /// The connection broke before a whole answer came.
    case connectionFailed(String)
    case bodyTooLarge(limit: Int)
    case cancelled
    /// The URL is not one this transport serves (e.g. the snapshot asked for another host).
    case notServed(String)
    /// `--offline`, and the on-disk cache has no answer for this request.
    case notInCache
    /// The signed-in session could not be renewed (`SessionTransport`): the user must
    /// sign in again. Never retried; what is loaded stays.
    case sessionExpired
    /// The request itself cannot be sent (a header value HTTP does not allow): a local
    /// mistake, never retried. The text names what is wrong, never a header's value.
    case invalidRequest(String)
    /// The server's answer is not HTTP portal can read (a header line past the parser's
    /// limit, control bytes in a header, a broken status line): asking again gets the same
    /// bytes, so it is never retried. The text names what is wrong, never the bytes.
    case malformedAnswer(String)

    public var description: String {
        switch self {
        case .timedOut(let why): "timed out: \(why)"
        case .cannotConnect(let why): "cannot connect: \(why)"
        case .connectionFailed(let why): "connection failed: \(why)"
        case .bodyTooLarge(let limit):
            limit >= 1_048_576 ? "response larger than \(limit / 1_048_576) MiB" : "response larger than \(limit / 1024) KiB"
        case .cancelled: "cancelled"
        case .notServed(let url): "not served here: \(url)"
        case .notInCache: "offline: not in the cache"
        case .sessionExpired: "session expired — sign in again"
        case .invalidRequest(let why): "request not sent: \(why)"
        case .malformedAnswer(let why): "malformed answer: \(why)"
        }
    }
}

/// Answers requests. The live HTTP API and the offline snapshot both implement it, and
/// the snapshot reproduces the real server's answers, so nothing above can tell them apart.
public protocol Transport: Sendable {
    /// Sends one request. Throws only `TransportError`; an HTTP error status is an answer.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}
