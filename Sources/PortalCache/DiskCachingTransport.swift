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
///   body served. `Cache-Control: no-store` is never kept, nor any status outside 2xx.
/// - A kept answer that does not decode (`HTTPResponse.rejectUndecodable`) is removed, so
///   the next attempt reaches the network: the cache is never poisoned by one bad answer.
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
        let key = cache.key(for: request)
        let time = now()
        if request.reload, !offline {
            // Out of date (`HTTPRequest.reload`): dropped, and asked for with no condition.
            cache.remove(key)
        }
        let kept = cache.answer(for: key)
        if offline {
            guard let kept else { throw TransportError.notInCache }
            cache.touch(key, at: time)
            return served(kept, CacheStatus(source: .hit, fetchedAt: kept.fetchedAt, networkUnavailable: "offline"), key)
        }
        // An age that is no number, or a date far in the future (a damaged or planted
        // file), is not fresh: it is asked again.
        // `R` (`revalidate`) asks the server even about a fresh answer: conditionally, below.
        if let kept, !request.revalidate, let age = Self.age(of: kept, at: time), age < freshness.maxAge(headers: kept.headerFields) {
            cache.touch(key, at: time)
            return served(kept, CacheStatus(source: .hit, fetchedAt: kept.fetchedAt), key)
        }

        let outgoing = kept.map { conditional(request, on: $0) } ?? request
        let response: HTTPResponse
        do {
            response = try await network.send(outgoing)
        } catch let error as TransportError where error != .cancelled {
            guard let kept else { throw error }
            return served(kept, CacheStatus(source: .stale, fetchedAt: kept.fetchedAt, networkUnavailable: error.description), key)
        }
        if let kept, response.status == 304, outgoing != request {
            var headers = kept.headerFields
            for (name, value) in StoredAnswer.kept(response.headers) { headers[name] = value }
            cache.revalidated(key, headers: headers, at: time)
            var answer = served(kept, CacheStatus(source: .revalidated, fetchedAt: time), key)
            answer.headers = headers
            return answer
        }
        if let kept, response.status >= 500 {
            return served(kept, CacheStatus(source: .stale, fetchedAt: kept.fetchedAt,
                                            networkUnavailable: HTTPStatusText.describe(response.status)), key)
        }
        var answer = response
        answer.cache = CacheStatus(source: .miss, fetchedAt: time)
        if (200..<300).contains(response.status) {
            let cache = self.cache
            if freshness.mayStore(headers: response.headers) {
                let row = StoredAnswer(key: key, url: request.url, response: response, now: time)
                // Stored once it decodes; an older copy goes if it does not.
                answer.receipt = DecodeReceipt(onDecoded: { cache.store(row) }, onRejected: { cache.remove(key) })
            } else if kept != nil {
                cache.remove(key)
            }
        }
        return answer
    }

    /// A kept answer as served, with a receipt that drops it if it does not decode: a
    /// stored answer that fails is never served again (the next attempt, automatic or
    /// `r`, goes to the network).
    private func served(_ kept: StoredAnswer, _ status: CacheStatus, _ key: CacheKey) -> HTTPResponse {
        var response = kept.response(status)
        let cache = self.cache
        response.receipt = DecodeReceipt(onRejected: { cache.remove(key) })
        return response
    }

    /// Seconds since `kept` was fetched (`AnswerReadBack.age`: nil is never fresh).
    static func age(of kept: StoredAnswer, at time: Date) -> TimeInterval? {
        AnswerReadBack.age(fetchedAt: kept.fetchedAt, now: time)
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
