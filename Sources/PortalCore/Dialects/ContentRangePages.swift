import Foundation

/// PostgREST pagination: each page asks a window of rows (by the `Range` header or by
/// `limit`/`offset`) and the answer's `Content-Range: first-last/total` says where it is.
///
/// The end is a `*/…` range (no row in the window), a window shorter than asked, the
/// last row reaching the total, or a 416 (an offset past the end). The next window starts
/// after the last row the server reported.
public struct ContentRangePages<Item: Decodable & Identifiable & Sendable>: PageStrategy where Item.ID: Sendable {
    /// How the window is asked for.
    public enum Window: Sendable {
        /// `Range: first-last` with `Range-Unit: items`.
        case rangeHeader
        /// `limit=N&offset=O` in the query.
        case limitOffset
    }

    /// `…/rest/v1`, without a trailing slash.
    public let baseURL: String
    public let table: String
    public let pageSize: Int
    public let window: Window
    /// Sends `Prefer: count=exact` so the total is known.
    public let exactCount: Bool

    public init(baseURL: String, table: String, pageSize: Int = 20, window: Window = .rangeHeader, exactCount: Bool = true) {
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.table = table
        self.pageSize = max(1, pageSize)
        self.window = window
        self.exactCount = exactCount
    }

    public var firstPage: PageRequest { page(offset: 0, index: 0) }

    /// The request for the window starting at `offset`.
    public func page(offset: Int, index: Int) -> PageRequest {
        var text = "\(baseURL)/\(QueryString.encode(table))?select=*&order=id"
        var headers: [String: String] = [:]
        switch window {
        case .rangeHeader:
            headers["Range"] = "\(offset)-\(offset + pageSize - 1)"
            headers["Range-Unit"] = "items"
        case .limitOffset:
            text += "&limit=\(pageSize)&offset=\(offset)"
        }
        if exactCount { headers["Prefer"] = "count=exact" }
        // Every part is encoded above, so this cannot fail for a valid base URL.
        return PageRequest(url: URL(string: text)!, headers: headers, index: index)
    }

    public func decode(_ response: HTTPResponse, for request: PageRequest) throws(PageFailure) -> PageContent<Item> {
        let range = response.header("content-range").flatMap(ContentRange.init)
        if response.status == 416 {
            return PageContent(items: [], next: nil, totalCount: range?.total)
        }
        guard (200..<300).contains(response.status) else { throw statusFailure(response) }
        let rows: [Item]
        do {
            rows = try JSONDecoder().decode([Item].self, from: response.body)
        } catch {
            throw PageFailure(.malformed, "malformed page: \(RickAndMortyPages<Item>.shortDescription(error))")
        }
        let requested = offset(of: request)
        guard let range else {
            // No Content-Range: only a short window tells the end.
            let next = rows.count < pageSize ? nil : page(offset: requested + rows.count, index: request.index + 1)
            return PageContent(items: rows, next: next, totalCount: nil)
        }
        guard let first = range.first, let last = range.last else {
            return PageContent(items: [], next: nil, totalCount: range.total)
        }
        guard last - first + 1 == rows.count else {
            throw PageFailure(.malformed, "Content-Range \(first)-\(last) does not match \(rows.count) rows")
        }
        let atEnd = rows.count < pageSize || range.total.map { last + 1 >= $0 } ?? false
        let next = atEnd ? nil : page(offset: last + 1, index: request.index + 1)
        return PageContent(items: rows, next: next, totalCount: range.total)
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
    /// Without `exactCount` the answers carry no total, and a list then stays sequential.
    public func request(forPage index: Int) -> PageRequest? {
        guard index >= 0 else { return nil }
        let (offset, overflow) = index.multipliedReportingOverflow(by: pageSize)
        guard !overflow, offset <= Int.max - pageSize else { return nil }
        return page(offset: offset, index: index)
    }
}

/// `Content-Range: first-last/total`, `*/total` or `*/*`.
public struct ContentRange: Sendable, Hashable {
    /// Nil for `*` (no row in the window).
    public var first: Int?
    public var last: Int?
    /// Nil for `*` (no count asked for).
    public var total: Int?

    public init?(_ text: String) {
        var s = text.trimmingCharacters(in: .whitespaces)
        if s.lowercased().hasPrefix("items ") { s = String(s.dropFirst(6)) }
        let halves = s.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard halves.count == 2 else { return nil }
        if halves[1] == "*" { total = nil } else if let t = Int(halves[1]) { total = t } else { return nil }
        if halves[0] == "*" {
            first = nil
            last = nil
        } else {
            let bounds = halves[0].split(separator: "-", maxSplits: 1)
            guard bounds.count == 2, let f = Int(bounds[0]), let l = Int(bounds[1]), f <= l else { return nil }
            first = f
            last = l
        }
    }
}
