import Foundation
import PortalJSON
import PortalCore

/// One page's answer as a dialect reads it for the next request: the request it answers,
/// the body parsed once, how many items it holds (and the last one's id), and the list
/// (its URL, headers, page size, total and addressing). A preset's list adds the rules of
/// its dialect (`PresetPageRules`: whether its total is only an estimate).
public struct PageAnswer {
    public let request: PageRequest
    public let response: HTTPResponse
    /// The body; a preset's items are not in it (its typed reader reads them).
    public let root: JSONNode
    /// Items on this page.
    public let itemCount: Int
    /// The last item's `id`, for dialects that send it back (`has_more`'s `starting_after`).
    public let lastItemID: String?
    public let list: AnyAPIPages
    /// The rules of a preset list's dialect (`RangeCountRules`); nil for a list any API's way.
    public let rules: (any PresetPageRules)?

    public init(request: PageRequest, response: HTTPResponse, root: JSONNode, itemCount: Int, lastItemID: String?,
                list: AnyAPIPages, rules: (any PresetPageRules)? = nil) {
        self.request = request
        self.response = response
        self.root = root
        self.itemCount = itemCount
        self.lastItemID = lastItemID
        self.list = list
        self.rules = rules
    }

    /// The index of the page after this one.
    public var nextIndex: Int { request.index + 1 }

    /// The URL this page was asked at.
    public var url: URL { request.http.url }

    /// The total this answer says, read where the list found it; nil where the preset says
    /// it is only an estimate (which never ends a list).
    public var total: Int? {
        if rules?.totalIsEstimate(for: request) == true { return nil }
        return list.reading.total?.value(root: root, response: response, pageSize: list.pageSize)
    }

    /// The request for a next link as page `nextIndex` (`sameOrigin(_:)`).
    public func following(_ target: String) throws(PageFailure) -> PageRequest? {
        try sameOrigin(target)
    }

    /// The same-origin `next` target as page `nextIndex`; nil for no URL. A link to another
    /// origin is never followed (the list's headers, a key among them, would go along) nor
    /// taken for the end of the list: the page fails saying so.
    public func sameOrigin(_ target: String) throws(PageFailure) -> PageRequest? {
        if let next = QueryEdit.sameOrigin(target, base: url) { return list.request(at: next, index: nextIndex) }
        guard let resolved = URL(string: target, relativeTo: url)?.absoluteURL, SplitURL(resolved.absoluteString) != nil else { return nil }
        throw PageFailure(.foreignLink, "refused next link to another server: \(target.prefix(200))")
    }

    /// The list's URL with `param` set to `value`, as page `nextIndex`.
    public func setting(_ param: String, _ value: String, on base: URL? = nil) -> PageRequest? {
        QueryEdit.setting(base ?? url, param, value).map { list.request(at: $0, index: nextIndex) }
    }
}
