import Foundation

/// One list of an API read in a detected `AnyAPIDialect`: the first page is the URL given,
/// each answer gives its items (as `Row`s, JSON kept as served), the next page by the
/// dialect's rule, and the total where the dialect found it. With an `addressing` it
/// also asks for any page by index, so the browser's list jumps.
public struct AnyAPIPages: AddressablePageStrategy {
    public let url: URL
    public let dialect: AnyAPIDialect
    /// Sent with every request (`--header`, the key as `Authorization: Bearer`).
    public let headers: [String: String]

    public init(url: URL, dialect: AnyAPIDialect, headers: [String: String] = [:]) {
        self.url = url
        self.dialect = dialect
        self.headers = headers
    }

    public var firstPage: PageRequest { request(at: url, index: 0) }

    public var pageSize: Int { max(1, dialect.pageSize) }

    private func request(at url: URL, index: Int, extra: [String: String] = [:]) -> PageRequest {
        PageRequest(url: url, headers: headers.merging(extra) { _, new in new }, index: index)
    }

    /// Page `index` when the dialect can address pages; nil otherwise.
    public func request(forPage index: Int) -> PageRequest? {
        guard index >= 0 else { return nil }
        if index == 0 { return firstPage }
        guard let addressing = dialect.addressing else { return nil }
        // Page numbers and offsets may start anywhere (`--url …?page=N`): a page whose
        // number or window would pass Int.max is not addressed, never a trap.
        let (product, overflow) = index.multipliedReportingOverflow(by: pageSize)
        guard !overflow else { return nil }
        switch addressing {
        case .pageParam(let name, let first):
            let (number, past) = first.addingReportingOverflow(index)
            return past ? nil : QueryEdit.setting(url, name, String(number)).map { request(at: $0, index: index) }
        case .offsetParam(let name, let start):
            let (offset, past) = start.addingReportingOverflow(product)
            guard !past, offset <= Int.max - pageSize else { return nil }
            return QueryEdit.setting(url, name, String(offset)).map { request(at: $0, index: index) }
        case .rangeHeader:
            let (end, past) = product.addingReportingOverflow(pageSize - 1)
            return past ? nil : request(at: url, index: index, extra: ["Range-Unit": "items", "Range": "\(product)-\(end)"])
        }
    }

    public func decode(_ response: HTTPResponse, for request: PageRequest) throws(PageFailure) -> PageContent<Row> {
        try decodeWithLinks(response, for: request, origin: nil).page
    }

    /// The page, and every URL on `origin` inside its items (for `LinkBook`).
    public func decodeWithLinks(_ response: HTTPResponse, for request: PageRequest, origin: String?) throws(PageFailure) -> (page: PageContent<Row>, links: [String]) {
        if dialect.paging == .contentRange, response.status == 416 {
            return (PageContent(items: [], next: nil, totalCount: request.index * pageSize), [])
        }
        guard (200..<300).contains(response.status) else { throw PageFailure(statusOf: response) }
        let root: JSONSpan
        do { root = try JSONNode.parse(response.body) } catch { throw PageFailure(notJSON: error) }
        guard let list = root.node.at(dialect.items)?.elements ?? (dialect.items.isEmpty ? root.node.elements : nil) else {
            throw PageFailure(.malformed, "no item list at \(dialect.items.isEmpty ? "the top level" : dialect.items.joined(separator: "."))")
        }
        let position = request.index * pageSize
        let items = JSONItems.rows(list, columns: JSONItems.columnNames(in: root.node, beside: dialect.items), firstPosition: position)
        let next = try nextPage(after: request, root: root.node, response: response, items: items)
        var total = AnyAPITotals.total(dialect.total, root: root.node, response: response, pageSize: pageSize)
        if dialect.addressing != nil, next == nil { total = position + items.count }
        var links: [String] = []
        if let origin { for span in list { JSONLinks.collect(span.node, origin: origin, into: &links) } }
        return (PageContent(items: items, next: next, totalCount: total), links)
    }

    /// A `next` link on the list's origin; nil for one that is no URL. One on another
    /// origin is never followed (the list's headers, a key among them, would go along) nor
    /// taken for the end of the list: the page fails saying so, as the built-in APIs' do.
    private static func sameOrigin(_ target: String, base: URL) throws(PageFailure) -> URL? {
        if let next = QueryEdit.sameOrigin(target, base: base) { return next }
        guard let resolved = URL(string: target, relativeTo: base)?.absoluteURL, SplitURL(resolved.absoluteString) != nil else { return nil }
        throw PageFailure(.foreignLink, "refused next link to another server: \(target.prefix(200))")
    }

    private func nextPage(after request: PageRequest, root: JSONNode, response: HTTPResponse, items: [Row]) throws(PageFailure) -> PageRequest? {
        let here = request.http.url
        let index = request.index + 1
        switch dialect.paging {
        case .none:
            return nil
        case .linkHeader:
            guard let value = response.headers["link"], let target = LinkHeader(value)["next"],
                  let next = try Self.sameOrigin(target, base: here) else { return nil }
            return self.request(at: next, index: index)
        case .nextURL(let path):
            guard let target = AnyAPITotals.link(root.at(path)), let next = try Self.sameOrigin(target, base: here) else { return nil }
            return self.request(at: next, index: index)
        case .pageNumber(let param):
            guard !items.isEmpty, AnyAPITotals.morePages(root, index: request.index, pageSize: pageSize, itemCount: items.count) else { return nil }
            return self.request(forPage: index) ?? QueryEdit.setting(here, param, String(index + 1)).map { self.request(at: $0, index: index) }
        case .offset(let param):
            guard !items.isEmpty, items.count >= pageSize else { return nil }
            if let total = AnyAPITotals.total(dialect.total, root: root, response: response, pageSize: pageSize),
               (request.index + 1) * pageSize >= total { return nil }
            let current = QueryEdit.value(here, param).flatMap { Int($0) } ?? 0
            let (offset, past) = current.addingReportingOverflow(items.count)
            return past ? nil : QueryEdit.setting(here, param, String(offset)).map { self.request(at: $0, index: index) }
        case .cursor(let path, let param):
            guard let node = root.at(path), let token = node.string ?? (node.count.map(String.init)), !token.isEmpty else { return nil }
            if let more = AnyAPITotals.hasNextPage(root, cursorPath: path), !more { return nil }
            return QueryEdit.setting(url, param, token).map { self.request(at: $0, index: index) }
        case .hasMore(let param):
            guard root["has_more"]?.bool == true, let last = items.last, let id = last["id"] else { return nil }
            return QueryEdit.setting(url, param, id.description).map { self.request(at: $0, index: index) }
        case .contentRange:
            guard let range = response.headers["content-range"].flatMap(ContentRange.init), !items.isEmpty else { return nil }
            guard let last = range.last else { return nil }
            // `last >= total - 1`, not `last + 1 >= total`: last may be Int.max.
            if last == Int.max { return nil }
            if let total = range.total, last >= total - 1 { return nil }
            if range.total == nil, items.count < pageSize { return nil }
            return self.request(forPage: index)
        }
    }
}

