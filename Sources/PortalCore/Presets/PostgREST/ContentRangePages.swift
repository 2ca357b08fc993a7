import Foundation

/// PostgREST pagination: each page asks a window of rows (by the `Range` header or by
/// `limit`/`offset`) and the answer's `Content-Range: first-last/total` says where it is.
///
/// The end is a `*/…` range (no row in the window), a window shorter than asked, the
/// last row reaching the total, or a 416 (an offset past the end, also on the first page
/// of an empty table). The next window starts after the last row the server reported.
/// 200 and 206 are both a page.
///
/// The total comes from `Prefer: count=exact`. `count=planned` and `count=estimated` give
/// an estimate: it is reported as `PageContent.estimatedTotal` (shown as `≈ 826`), never
/// as the total, and such a list ends where its rows end (a short page or a `*/…` range),
/// whatever the estimate said. With `.none` the list is sequential and ends the same way.
///
/// A list can also be a PostgREST function (`rpc`): `POST {base}/rpc/NAME` with the
/// arguments as the JSON body, paged, filtered and ordered like a table.
///
/// A server that refuses the `Prefer` header
/// (see `refusesCount`) is asked the same window again with `count=estimated`, then with
/// no count at all; the list then ends on a short or empty page. The step down is a page
/// with no items whose `next` is the same window under the weaker count, so it costs one
/// request per step and the loader needs no special case.
public struct ContentRangePages<Item: PageRowDecodable>: PageStrategy {
    /// How the window is asked for.
    public enum Window: Sendable {
        /// `Range: first-last` with `Range-Unit: items`.
        case rangeHeader
        /// `limit=N&offset=O` in the query.
        case limitOffset
    }

    /// Which total to ask for (`--count`), strongest first.
    public enum Count: String, Sendable, CaseIterable {
        case exact, planned, estimated, none

        /// The next weaker way to count, or nil when already asking for none.
        public var weaker: Count? {
            switch self {
            case .exact: .estimated
            case .planned, .estimated: Count.none
            case .none: nil
            }
        }

        /// A count that is an estimate, shown as one (`≈ 826`) and never taken as the end.
        public var isEstimate: Bool { self == .planned || self == .estimated }

        /// The count a request asked for, read back from its `Prefer` header.
        static func of(_ request: HTTPRequest) -> Count {
            let prefer = request.headers.first { $0.key.caseInsensitiveCompare("Prefer") == .orderedSame }?.value ?? ""
            if prefer.contains("count=exact") { return .exact }
            if prefer.contains("count=planned") { return .planned }
            if prefer.contains("count=estimated") { return .estimated }
            return .none
        }
    }

    /// A PostgREST function whose rows are the list: `POST {base}/rpc/NAME`, its
    /// arguments (a JSON object) as the body.
    public struct Function: Sendable, Hashable {
        public var name: String
        /// The JSON object body, as given (`--args`), `{}` when none.
        public var arguments: Data

        public init(name: String, arguments: Data = Data("{}".utf8)) {
            self.name = name
            self.arguments = arguments
        }
    }

    /// `…/rest/v1`, without a trailing slash.
    public let baseURL: BaseURL
    public let table: String
    /// When set, the list is this function's rows instead of `table`'s.
    public let function: Function?
    public let pageSize: Int
    public let window: Window
    /// The count the first page asks for.
    public let count: Count
    public let filters: [PostgRESTFilter]
    public let order: PostgRESTOrder
    /// Added to every request (the API key, `--header`).
    public let headers: RequestHeaders

    public init(
        baseURL: BaseURL, table: String, pageSize: Int = 20, window: Window = .rangeHeader, count: Count = .exact,
        filters: [PostgRESTFilter] = [], order: PostgRESTOrder = .byID, headers: RequestHeaders = RequestHeaders(),
        function: Function? = nil
    ) {
        self.baseURL = baseURL
        self.table = table
        self.function = function
        self.pageSize = PageSize.clamped(pageSize)
        self.window = window
        self.count = count
        self.filters = filters
        self.order = order
        self.headers = headers
    }

    /// `exactCount: false` asks for no count at all.
    public init(baseURL: BaseURL, table: String, pageSize: Int = 20, window: Window = .rangeHeader, exactCount: Bool) {
        self.init(baseURL: baseURL, table: table, pageSize: pageSize, window: window, count: exactCount ? .exact : .none)
    }

    public var firstPage: PageRequest { page(offset: 0, index: 0, count: count) }

    /// The request for the window starting at `offset`.
    public func page(offset: Int, index: Int, count: Count) -> PageRequest {
        let path = function.map { "rpc/" + QueryString.encode($0.name) } ?? QueryString.encode(table)
        var text = "\(baseURL)/\(path)?select=*"
        for filter in filters {
            text += "&\(QueryString.encode(filter.column))=\(QueryString.encode(filter.expression))"
        }
        text += "&order=\(QueryString.encode(order.text))"
        var fields: [String: String] = [:]
        switch window {
        case .rangeHeader:
            // Saturating: a window that would end past Int.max ends there.
            let (end, overflow) = offset.addingReportingOverflow(pageSize - 1)
            fields["Range"] = "\(offset)-\(overflow ? Int.max : end)"
            fields["Range-Unit"] = "items"
        case .limitOffset:
            text += "&limit=\(pageSize)&offset=\(offset)"
        }
        if count != .none { fields["Prefer"] = "count=\(count.rawValue)" }
        // Every part is encoded above, so only a base URL that is no URL fails here.
        let http = HTTPRequest(method: function == nil ? "GET" : "POST", url: URL(string: text) ?? .unservable,
                               headers: headers.applied(to: fields), body: function?.arguments)
        return PageRequest(http: http, index: index)
    }

    /// Whether `response` is a server refusing the `Prefer: count=…` of `request`: a 400,
    /// 406, 422 or 501 to a request that asked for a count. 401/403 (the key), 404 (the
    /// table), 416 (the window) and 429/5xx other than 501 (retried) are not about the count.
    /// A 400 for another reason (a bad filter) costs at most two more requests and then
    /// fails with the server's own message.
    public func refusesCount(_ response: HTTPResponse, for request: PageRequest) -> Bool {
        Count.of(request.http) != .none && [400, 406, 422, 501].contains(response.status)
    }

    public func decode(_ response: HTTPResponse, for request: PageRequest) throws(PageFailure) -> PageContent<Item> {
        let asked = Count.of(request.http)
        let requested = offset(of: request)
        if refusesCount(response, for: request), let weaker = asked.weaker {
            return PageContent(items: [], next: page(offset: requested, index: request.index, count: weaker), totalCount: nil)
        }
        let range = response.header("content-range").flatMap(ContentRange.init)
        // An estimate is shown as one and never ends the list; only an exact count is a total.
        let total = asked.isEstimate ? nil : range?.total
        let estimate = asked.isEstimate ? range?.total : nil
        if response.status == 416 {
            return PageContent(items: [], next: nil, totalCount: total, estimatedTotal: estimate)
        }
        guard (200..<300).contains(response.status) else { throw Self.failure(response) }
        let rows: [Item]
        do {
            rows = try Item.decodeRows(response.body, firstPosition: requested)
        } catch {
            throw PageFailure(.malformed, "malformed page: \(DecodeErrorText.short(error))")
        }
        guard let range else {
            // No Content-Range: only a short window tells the end.
            let next = rows.count < pageSize ? nil : page(offset: requested + rows.count, index: request.index + 1, count: asked)
            return PageContent(items: rows, next: next, totalCount: nil)
        }
        guard let first = range.first, let last = range.last else {
            return PageContent(items: [], next: nil, totalCount: total, estimatedTotal: estimate)
        }
        // Server numbers near Int.max must not trap: the window's width and its end are
        // computed with overflow checks, and an impossible window is malformed.
        let (width, overflowed) = last.subtractingReportingOverflow(first)
        guard !overflowed, width < Int.max, width + 1 == rows.count, last < Int.max else {
            throw PageFailure(.malformed, "Content-Range \(first)-\(last) does not match \(rows.count) rows")
        }
        // A window whose next one would start past the reported cap (or Int.max) is the last.
        let atEnd = rows.count < pageSize || last >= ReportedCount.maximum || total.map { last + 1 >= $0 } ?? false
        let next = atEnd ? nil : page(offset: last + 1, index: request.index + 1, count: asked)
        return PageContent(items: rows, next: next, totalCount: total, estimatedTotal: estimate)
    }

    /// A non-2xx answer as a failure, with PostgREST's `message` when the body has one.
    static func failure(_ response: HTTPResponse) -> PageFailure {
        var failure = PageFailure(statusOf: response)
        if let object = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any],
           let message = object["message"] as? String, !message.isEmpty {
            failure.message += ": " + message.prefix(200)
        }
        return failure
    }

    /// Where the window of `request` starts.
    func offset(of request: PageRequest) -> Int {
        if let header = request.http.headers["Range"], let lower = header.split(separator: "-").first.flatMap({ Int($0) }) {
            return lower
        }
        let query = SplitURL(request.http.url.absoluteString)?.query ?? ""
        return QueryString.pairs(query).first(where: { $0.key == "offset" }).flatMap { Int($0.value) } ?? 0
    }
}

extension ContentRangePages: AddressablePageStrategy {
    /// The window `N*pageSize ...` (a `Range` header or `limit`/`offset`, as configured).
    /// Without an exact count the answers carry no total, and a list then stays sequential.
    public func request(forPage index: Int) -> PageRequest? {
        guard index >= 0 else { return nil }
        let (offset, overflow) = index.multipliedReportingOverflow(by: pageSize)
        guard !overflow, offset <= Int.max - pageSize else { return nil }
        return page(offset: offset, index: index, count: count)
    }
}
