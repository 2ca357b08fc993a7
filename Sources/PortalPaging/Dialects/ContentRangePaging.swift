import Foundation
import PortalCore

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

    /// A list addressed by `Range` windows asks its first window as every other, so page 0
    /// and the first page are one request (a table asked with no window answers every row).
    public func firstRequest(of list: AnyAPIPages) -> PageRequest {
        guard list.reading.addressing == .rangeHeader, let window = PageAddress.rangeHeader.request(forPage: 0, of: list) else {
            return list.request(at: list.url, index: 0)
        }
        return window
    }

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

    /// The window after the last, until one is short, reaches the total (an estimate never
    /// counts) or the cap, or holds no row (`*/…`). Without a `Content-Range` only a short
    /// page tells the end. A window that does not hold the page's rows is malformed (server
    /// numbers near Int.max included: no trap).
    public func next(after answer: PageAnswer) throws(PageFailure) -> PageRequest? {
        let pageSize = answer.list.pageSize
        guard let range = answer.response.headers["content-range"].flatMap(ContentRange.init) else {
            return answer.itemCount == 0 || answer.itemCount < pageSize ? nil : answer.list.request(forPage: answer.nextIndex)
        }
        guard let first = range.first, let last = range.last else { return nil }
        let (width, overflowed) = last.subtractingReportingOverflow(first)
        guard !overflowed, width < Int.max, width + 1 == answer.itemCount else {
            throw PageFailure(.malformed, "Content-Range \(first)-\(last) does not match \(answer.itemCount) rows")
        }
        // A window reaching the cap (or Int.max, past which no window starts) is the last.
        if answer.itemCount < pageSize || last >= ReportedCount.maximum { return nil }
        // `last >= total - 1`, not `last + 1 >= total`: no overflow.
        if let total = answer.total, last >= total - 1 { return nil }
        return answer.list.request(forPage: answer.nextIndex)
    }

    public var description: String { "Content-Range windows" }
}

extension PagingDialect where Self == ContentRangePaging {
    public static var contentRange: ContentRangePaging { ContentRangePaging() }
}
