import Foundation
import PortalCore
import Synchronization

/// Counts and records every request on its way to the wrapped transport, so tests can
/// assert exact request counts (and which URLs were asked for).
public final class CountingTransport: Transport {
    public let inner: any Transport
    private let log = Mutex<[HTTPRequest]>([])

    public init(_ inner: any Transport) { self.inner = inner }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        log.withLock { $0.append(request) }
        return try await inner.send(request)
    }

    /// Every request, in order (with its headers).
    public var requests: [HTTPRequest] { log.withLock { $0 } }
    /// Every URL asked for, in order.
    public var urls: [String] { requests.map(\.url.absoluteString) }
    public var count: Int { urls.count }
    public func count(containing part: String) -> Int { urls.filter { $0.contains(part) }.count }
    /// Character list pages (not avatars, not multi-id lookups).
    public var pageRequests: Int { urls.filter { $0.contains("/character") && !$0.contains("/avatar/") && !Self.isMultiID($0) }.count }
    public var episodeRequests: Int { urls.filter { $0.contains("/episode") }.count }
    public var avatarRequests: Int { urls.filter { $0.contains("/character/avatar/") }.count }

    static func isMultiID(_ url: String) -> Bool {
        guard let range = url.range(of: "/character/") else { return false }
        let rest = url[range.upperBound...]
        return rest.first.map { $0.isNumber || $0 == "[" } ?? false
    }
}
