import Foundation
import PortalCore

/// The on-disk HTTP cache as a `Transport`: it sits behind the in-memory session cache
/// and in front of the network, so what was seen in an earlier run opens again without
/// a request, offline, and within the server's limits.
///
/// - A fresh answer (see `FreshnessPolicy`) is served without asking the network (`hit`).
/// - A stale one with an `ETag` or `Last-Modified` is asked again conditionally; a 304
///   serves the kept body and counts as fetched now (`revalidated`).
/// - Stale-if-error: when the network gives no answer or a 5xx, a kept answer of any age
///   is served instead, marked `stale` with the failure, so the UI can say
///   `cached 3 h ago · offline`. The retry loop above never sees that failure.
/// - `offline`: the network is never touched; an answer that is not kept is
///   `TransportError.notInCache`.
/// - A 2xx network answer is kept only once the code that decodes it confirms it did
///   (`HTTPResponse.receipt`): a body cut short is never stored, so a body stored is a
///   body served. `Cache-Control: no-store` is never kept.
public final class DiskCachingTransport: Transport {
    private let network: any Transport
    public let cache: DiskCache
    public let freshness: FreshnessPolicy
    public let offline: Bool
    private let now: @Sendable () -> Date

    public init(
        wrapping network: any Transport, cache: DiskCache, freshness: FreshnessPolicy = FreshnessPolicy(),
        offline: Bool = false, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.network = network
        self.cache = cache
        self.freshness = freshness
        self.offline = offline
        self.now = now
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let key = CacheKey(request)
        let kept = cache.answer(for: key)
        let time = now()
        if offline {
            guard let kept else { throw TransportError.notInCache }
            cache.touch(key, at: time)
            return kept.response(CacheStatus(source: .hit, fetchedAt: kept.fetchedAt, networkUnavailable: "offline"))
        }
        // `R` (`revalidate`) asks the server even about a fresh answer: conditionally, below.
        if let kept, !request.revalidate, time.timeIntervalSince(kept.fetchedAt) < freshness.maxAge(headers: kept.headerFields) {
            cache.touch(key, at: time)
            return kept.response(CacheStatus(source: .hit, fetchedAt: kept.fetchedAt))
        }

        let outgoing = kept.map { conditional(request, on: $0) } ?? request
        let response: HTTPResponse
        do {
            response = try await network.send(outgoing)
        } catch let error as TransportError where error != .cancelled {
            guard let kept else { throw error }
            return kept.response(CacheStatus(source: .stale, fetchedAt: kept.fetchedAt, networkUnavailable: error.description))
        }
        if let kept, response.status == 304, outgoing != request {
            var headers = kept.headerFields
            for (name, value) in StoredAnswer.kept(response.headers) { headers[name] = value }
            cache.revalidated(key, headers: headers, at: time)
            var answer = kept.response(CacheStatus(source: .revalidated, fetchedAt: time))
            answer.headers = headers
            return answer
        }
        if let kept, response.status >= 500 {
            return kept.response(CacheStatus(source: .stale, fetchedAt: kept.fetchedAt,
                                             networkUnavailable: HTTPStatusText.describe(response.status)))
        }
        var answer = response
        answer.cache = CacheStatus(source: .miss, fetchedAt: time)
        if (200..<300).contains(response.status) {
            if freshness.mayStore(headers: response.headers) {
                let row = StoredAnswer(key: key, url: request.url, response: response, now: time)
                let cache = self.cache
                answer.receipt = DecodeReceipt { cache.store(row) }
            } else if kept != nil {
                cache.remove(key)
            }
        }
        return answer
    }

    /// The request with `If-None-Match` / `If-Modified-Since` from the kept answer's
    /// validators (unless the caller set its own).
    private func conditional(_ request: HTTPRequest, on kept: StoredAnswer) -> HTTPRequest {
        let names = Set(request.headers.keys.map { $0.lowercased() })
        guard !names.contains("if-none-match"), !names.contains("if-modified-since") else { return request }
        var request = request
        let headers = kept.headerFields
        if let etag = headers["etag"] { request.headers["If-None-Match"] = etag }
        if let modified = headers["last-modified"] { request.headers["If-Modified-Since"] = modified }
        return request
    }
}
