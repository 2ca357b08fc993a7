import Foundation

/// One page's answer as a dialect reads it for the next request: the request it answers,
/// the body parsed once, its items, and the list (its URL, headers, page size, total and
/// addressing).
public struct PageAnswer {
    public let request: PageRequest
    public let response: HTTPResponse
    public let root: JSONNode
    public let items: [Row]
    public let list: AnyAPIPages

    public init(request: PageRequest, response: HTTPResponse, root: JSONNode, items: [Row], list: AnyAPIPages) {
        self.request = request
        self.response = response
        self.root = root
        self.items = items
        self.list = list
    }

    /// The index of the page after this one.
    public var nextIndex: Int { request.index + 1 }

    /// The URL this page was asked at.
    public var url: URL { request.http.url }

    /// The total this answer says, read where the list found it.
    public var total: Int? { list.dialect.total?.value(root: root, response: response, pageSize: list.pageSize) }

    /// The same-origin `next` target as page `nextIndex`; nil for no URL. A link to another
    /// origin is never followed (the list's headers, a key among them, would go along) nor
    /// taken for the end of the list: the page fails saying so.
    public func following(_ target: String) throws(PageFailure) -> PageRequest? {
        if let next = QueryEdit.sameOrigin(target, base: url) { return list.request(at: next, index: nextIndex) }
        guard let resolved = URL(string: target, relativeTo: url)?.absoluteURL, SplitURL(resolved.absoluteString) != nil else { return nil }
        throw PageFailure(.foreignLink, "refused next link to another server: \(target.prefix(200))")
    }

    /// The list's URL with `param` set to `value`, as page `nextIndex`.
    public func setting(_ param: String, _ value: String, on base: URL? = nil) -> PageRequest? {
        QueryEdit.setting(base ?? url, param, value).map { list.request(at: $0, index: nextIndex) }
    }
}
