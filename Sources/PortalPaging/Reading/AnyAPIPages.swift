import Foundation
import PortalJSON
import PortalCore

/// One list of an API read as its `ListReading` says: the first page is the URL given,
/// each answer gives its items (as `Row`s, JSON kept as served), the next page by the
/// paging dialect's rule, and the total where the dialect found it. With an `addressing`
/// it also asks for any page by index, so the browser's list jumps.
public struct AnyAPIPages: AddressablePageStrategy, LinkedPageAddressing {
    public let url: URL
    public let reading: ListReading
    /// Sent with every request (`--header`, the key as `Authorization: Bearer`).
    public let headers: [String: String]
    /// The URL page N is set on when it is not `url` itself: a preset whose first page
    /// names no page number but whose next links name it first (Rick and Morty's
    /// `?page=2&name=rick`), so page N is the very URL `next` leads to.
    public let pageTemplate: URL?
    /// The method and body every page is asked with (a PostgREST function's `POST` and its
    /// arguments); GET and none for most lists.
    public let method: String
    public let body: Data?

    public init(url: URL, reading: ListReading, headers: [String: String] = [:], pageTemplate: URL? = nil,
                method: String = "GET", body: Data? = nil) {
        self.url = url
        self.reading = reading
        self.headers = headers
        self.pageTemplate = pageTemplate
        self.method = method
        self.body = body
    }

    public var firstPage: PageRequest { reading.paging.firstRequest(of: self) }

    public var pageSize: Int { max(1, reading.pageSize) }

    /// `url` as page `index` (the list's method and body), with the list's headers and
    /// `extra` over them.
    public func request(at url: URL, index: Int, extra: [String: String] = [:]) -> PageRequest {
        PageRequest(http: HTTPRequest(method: method, url: url, headers: headers.merging(extra) { _, new in new }, body: body), index: index)
    }

    /// Page `index` when the list can address pages; nil otherwise.
    public func request(forPage index: Int) -> PageRequest? {
        guard index >= 0 else { return nil }
        if index == 0 { return firstPage }
        return reading.addressing?.request(forPage: index, of: self)
    }

    public func decode(_ response: HTTPResponse, for request: PageRequest) throws(PageFailure) -> PageContent<Row> {
        try decodeWithLinks(response, for: request, origin: nil).page
    }

    /// The page, and every URL on `origin` inside its items (for `LinkBook`).
    public func decodeWithLinks(_ response: HTTPResponse, for request: PageRequest, origin: String?) throws(PageFailure) -> (page: PageContent<Row>, links: [String]) {
        if reading.paging.isPastEnd(response) {
            return (PageContent(items: [], next: nil, totalCount: request.index * pageSize), [])
        }
        guard (200..<300).contains(response.status) else { throw PageFailure(statusOf: response) }
        let root: JSONSpan
        do { root = try JSONNode.parse(response.body) } catch { throw PageFailure(notJSON: error) }
        guard let list = root.node.at(reading.items)?.elements ?? (reading.items.isEmpty ? root.node.elements : nil) else {
            throw PageFailure(.malformed, "no item list at \(reading.items.isEmpty ? "the top level" : reading.items.joined(separator: "."))")
        }
        let position = request.index * pageSize
        let items = JSONItems.rows(list, columns: JSONItems.columnNames(in: root.node, beside: reading.items), firstPosition: position)
        let answer = PageAnswer(request: request, response: response, root: root.node, itemCount: items.count,
                                lastItemID: items.last?["id"]?.description, list: self)
        let (next, stop) = try PageStop.next { () throws(PageFailure) in try reading.paging.next(after: answer) }
        var total = answer.total
        if reading.addressing != nil, next == nil, stop == nil { total = position + items.count }
        var links: [String] = []
        if let origin { for span in list { JSONLinks.collect(span.node, origin: origin, into: &links) } }
        var page = PageContent(items: items, next: next, totalCount: total)
        page.stop = stop
        return (page, links)
    }
}
