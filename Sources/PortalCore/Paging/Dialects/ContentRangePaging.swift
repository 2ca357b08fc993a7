import Foundation

/// `Content-Range: a-b/total` windows (PostgREST, any server that answers ranges): a
/// table's asked with a `Range` header, a function's (`rpc/NAME?…&limit=N`) by `offset` in
/// the query. Addressable; a 416 past the last window ends the list.
public struct ContentRangePaging: PagingDialect {
    public static let name = "range"

    public init() {}

    /// A `Content-Range` header with a `/`.
    public static func recognise(_ answer: FirstAnswer) -> ContentRangePaging? {
        guard let range = answer.response.headers["content-range"], range.contains("/") else { return nil }
        return ContentRangePaging()
    }

    public static func told(_ answer: FirstAnswer) -> ContentRangePaging { ContentRangePaging() }

    /// A `Range` window; an `offset` moved by the page's size when the URL pages by
    /// `limit` in its query (a PostgREST function's rows, as Supabase's clients ask them).
    public func address(_ answer: FirstAnswer) -> PageAddress? {
        guard QueryEdit.value(answer.url, "limit").flatMap({ Int($0) }) != nil else { return .rangeHeader }
        return .offsetParam("offset", start: QueryEdit.value(answer.url, "offset").flatMap { Int($0) } ?? 0)
    }

    /// A total in the body or `X-Total-Count`, else the `Content-Range` total, else the `last` link's.
    public func totalSource(_ answer: FirstAnswer) -> TotalSource? {
        if let common = TotalSource.inBodyOrHeader(answer) { return common }
        if answer.response.headers["content-range"].flatMap(ContentRange.init)?.total != nil { return .contentRange }
        return TotalSource.lastLink(answer)
    }

    public func isPastEnd(_ response: HTTPResponse) -> Bool { response.status == 416 }

    public func next(after answer: PageAnswer) throws(PageFailure) -> PageRequest? {
        guard let range = answer.response.headers["content-range"].flatMap(ContentRange.init), answer.itemCount > 0,
              let last = range.last else { return nil }
        // `last >= total - 1`, not `last + 1 >= total`: last may be Int.max.
        if last == Int.max { return nil }
        if let total = range.total, last >= total - 1 { return nil }
        if range.total == nil, answer.itemCount < answer.list.pageSize { return nil }
        return answer.list.request(forPage: answer.nextIndex)
    }

    public var description: String { "Content-Range windows" }
}

extension PagingDialect where Self == ContentRangePaging {
    public static var contentRange: ContentRangePaging { ContentRangePaging() }
}
