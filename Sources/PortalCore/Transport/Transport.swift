import Foundation

/// What portal asks a server: a URL and request headers.
public struct HTTPRequest: Sendable, Hashable {
    public var url: URL
    public var headers: [String: String]

    public init(url: URL, headers: [String: String] = [:]) {
        self.url = url
        self.headers = headers
    }
}

/// What a server answered: status, headers (names lowercased) and the whole body.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: [String: String]
    public var body: Data
    /// Set by the on-disk cache: where this answer came from (nil without a disk cache).
    public var cache: CacheStatus?
    /// Set by the on-disk cache on a fresh answer it keeps only once it decoded.
    public var receipt: DecodeReceipt?

    public init(status: Int, headers: [String: String] = [:], body: Data) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { _, last in last })
        self.body = body
    }

    public func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// Tells a cache that this answer decoded, so it may keep it (see `DecodeReceipt`).
    public func confirmDecoded() { receipt?.confirm() }

    /// `Retry-After` in seconds, when the server sent a number.
    public var retryAfterSeconds: Double? {
        header("retry-after").flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }.map { max(0, $0) }
    }
}

/// Why no answer came back at all (an answer with a bad status is not a transport error).
public enum TransportError: Error, Sendable, Equatable, CustomStringConvertible {
    case timedOut
    case connectionFailed(String)
    case bodyTooLarge(limit: Int)
    case cancelled
    /// The URL is not one this transport serves (e.g. the snapshot asked for another host).
    case notServed(String)
    /// `--offline`, and the on-disk cache has no answer for this request.
    case notInCache

    public var description: String {
        switch self {
        case .timedOut: "timed out"
        case .connectionFailed(let why): "connection failed: \(why)"
        case .bodyTooLarge(let limit): "response larger than \(limit / 1_048_576) MiB"
        case .cancelled: "cancelled"
        case .notServed(let url): "not served here: \(url)"
        case .notInCache: "not in the cache (offline)"
        }
    }
}

/// Answers requests. The live HTTP API and the offline snapshot both implement it, and
/// the snapshot reproduces the real server's answers, so nothing above can tell them apart.
public protocol Transport: Sendable {
    /// Sends one request. Throws only `TransportError`; an HTTP error status is an answer.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}
