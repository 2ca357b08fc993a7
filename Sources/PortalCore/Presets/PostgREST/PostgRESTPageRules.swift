import Foundation

/// What PostgREST's paging needs beside its dialect (`Content-Range` windows, asked by a
/// `Range` header or, for a function, `limit`/`offset`): the rules no answer says.
///
/// The total comes from `Prefer: count=exact`. `count=planned` and `count=estimated` give
/// an estimate: it is reported as `PageContent.estimatedTotal` (shown as `≈ 826`), never as
/// the total, so such a list ends where its rows end. A server that refuses the `Prefer`
/// header (`refusesCount`) is asked the same window again with `count=estimated`, then
/// with no count at all: the step down is a page with no items whose `next` is that
/// request, so it costs one request per step and the loader needs no special case; the
/// pages after it keep the weaker count.
public struct PostgRESTPageRules: PresetPageRules {
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
        if let object = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any],
           let message = object["message"] as? String, !message.isEmpty, !failure.message.contains(message.prefix(200)) {
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

extension PresetPages where Item: PageRowDecodable {
    /// A PostgREST table's rows (or a function's, `POST {base}/rpc/NAME` with its
    /// arguments), with `--where` filters and `--order`, paged by `APIPreset.postgREST`'s
    /// dialect: windows of `pageSize` by a `Range` header (a function's by
    /// `limit`/`offset`, as Supabase's clients ask them), the total from `Content-Range`
    /// when `count` asks for an exact one (`PostgRESTPageRules`).
    public static func postgREST(
        baseURL: BaseURL, table: String, pageSize: Int = 20, window: PostgRESTWindow = .rangeHeader, count: PostgRESTCount = .exact,
        filters: [PostgRESTFilter] = [], order: PostgRESTOrder = .byID, headers: RequestHeaders = RequestHeaders(),
        function: PostgRESTFunction? = nil
    ) -> PresetPages {
        let preset = APIPreset.postgREST
        let size = PageSize.clamped(pageSize)
        let path = function.map { "rpc/" + QueryString.encode($0.name) } ?? QueryString.encode(table)
        var text = "\(baseURL)/\(path)?select=*"
        for filter in filters {
            text += "&\(QueryString.encode(filter.column))=\(QueryString.encode(filter.expression))"
        }
        text += "&order=\(QueryString.encode(order.text))"
        let address: PageAddress?
        switch window {
        case .rangeHeader: address = preset.address
        case .limitOffset:
            text += "&limit=\(size)&offset=0"
            address = .offsetParam("offset", start: 0)
        }
        let reading = ListReading(items: [], anyPaging: preset.paging, total: .contentRange, addressing: address, pageSize: size)
        // Every part is encoded above, so only a base URL that is no URL fails here.
        let list = AnyAPIPages(url: URL(string: text) ?? .unservable, reading: reading,
                               headers: headers.applied(to: count.prefer.map { ["Prefer": $0] } ?? [:]),
                               method: function == nil ? "GET" : "POST", body: function?.arguments)
        return PresetPages(list: list, reader: .pageRows, rules: PostgRESTPageRules())
    }
}
