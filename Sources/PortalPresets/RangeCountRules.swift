import Foundation
import PortalCore
import PortalJSON
import PortalPaging

/// What the `range` dialect needs beside its data (`Content-Range` windows, asked by a
/// `Range` header or, for a PostgREST function, `limit`/`offset`): the count a request
/// asks by `Prefer` (PostgREST's grammar, which no paging table says), chosen for every
/// list whose preset file names `style = "range"` (`PresetPages.rules(of:)`).
///
/// The total comes from `Prefer: count=exact`. `count=planned` and `count=estimated` give
/// an estimate: it is reported as `PageContent.estimatedTotal` (shown as `≈ 826`), never as
/// the total, so such a list ends where its rows end. A server that refuses the `Prefer`
/// header (`refusesCount`) is asked the same window again with `count=estimated`, then
/// with no count at all: the step down is a page with no items whose `next` is that
/// request, so it costs one request per step and the loader needs no special case; the
/// pages after it keep the weaker count.
public struct RangeCountRules: PresetPageRules {
    public init() {}

    /// Whether `response` is a server refusing the `Prefer: count=…` of `request`: a 400,
    /// 406, 422 or 501 to a request that asked for a count. 401/403 (the key), 404 (the
    /// table), 416 (the window) and 429/5xx other than 501 (retried) are not about the count.
    /// A 400 for another reason (a bad filter) costs at most two more requests and then
    /// fails with the server's own message.
    public func refusesCount(_ response: HTTPResponse, for request: PageRequest) -> Bool {
        PostgRESTCount.of(request.http) != .none && [400, 406, 422, 501].contains(response.status)
    }

    public func request(insteadOf request: PageRequest, answered response: HTTPResponse) -> PageRequest? {
        guard refusesCount(response, for: request), let weaker = PostgRESTCount.of(request.http).weaker else { return nil }
        return Self.asking(weaker, in: request)
    }

    /// The pages after a step down ask the count the page before asked.
    public func carrying(_ next: PageRequest, from request: PageRequest) -> PageRequest {
        Self.asking(PostgRESTCount.of(request.http), in: next)
    }

    public func totalIsEstimate(for request: PageRequest) -> Bool { PostgRESTCount.of(request.http).isEstimate }

    /// A non-2xx answer as a failure, with PostgREST's `message` when the body has one.
    public func failure(_ response: HTTPResponse) -> PageFailure { Self.failure(response) }

    /// The status failure, and PostgREST's `message` once (where the status failure does
    /// not already say it).
    static func failure(_ response: HTTPResponse) -> PageFailure {
        var failure = PageFailure(statusOf: response)
        if let message = (try? JSONNode.parse(response.body).node)?["message"]?.string,
           !message.isEmpty, !failure.message.contains(message.prefix(200)) {
            failure.message += ": " + message.prefix(200)
        }
        return failure
    }

    /// `request` asking for `count` (its `Prefer` replaced, or gone for none).
    static func asking(_ count: PostgRESTCount, in request: PageRequest) -> PageRequest {
        var copy = request
        for key in copy.http.headers.keys where key.caseInsensitiveCompare("Prefer") == .orderedSame { copy.http.headers[key] = nil }
        if let prefer = count.prefer { copy.http.headers["Prefer"] = prefer }
        return copy
    }
}
