import Foundation

/// Reads an API's dialect from its first answer, once: where the items are, where the
/// next page is, where the total is, and whether pages can be asked for by index. What
/// `--items` and `--paging` say is taken as given. An answer it cannot read is a failure
/// naming what it looked for — never a guess.
public enum DialectDetector {
    /// Keys whose array holds the items, in the order tried (then `_embedded.<name>`,
    /// then the first array of objects at the top level).
    public static let itemKeys = ["results", "items", "data", "rows", "records", "entries", "value", "hits", "list", "objects"]
    /// Body paths of a next-page URL, in the order tried.
    public static let nextPaths: [[String]] = [
        ["next"], ["next_url"], ["nextUrl"], ["next_page_url"], ["links", "next"], ["_links", "next"],
        ["info", "next"], ["paging", "next"], ["meta", "next"], ["pagination", "next"], ["pagination", "next_url"],
        ["meta", "pagination", "links", "next"], ["@odata.nextLink"],
    ]
    /// Body paths of a cursor token and the parameter it goes back in.
    public static let cursorPaths: [(path: [String], param: String)] = [
        (["next_cursor"], "cursor"), (["meta", "next_cursor"], "cursor"), (["response_metadata", "next_cursor"], "cursor"),
        (["pagination", "next_cursor"], "cursor"), (["nextPageToken"], "pageToken"), (["next_page_token"], "page_token"),
        (["pageInfo", "endCursor"], "after"), (["page_info", "end_cursor"], "after"), (["next_page"], "page"),
        (["cursor"], "cursor"), (["next"], "_next"),
    ]

    /// `--items PATH` and `--paging NAME`, when given.
    public struct Overrides: Sendable, Hashable {
        public var items: [String]?
        public var paging: String?
        public init(items: [String]? = nil, paging: String? = nil) {
            self.items = items
            self.paging = paging
        }
    }

    public static func detect(_ response: HTTPResponse, for url: URL, overrides: Overrides = Overrides()) throws(PageFailure) -> AnyAPIDialect {
        guard (200..<300).contains(response.status) else { throw PageFailure(statusOf: response) }
        let root: JSONNode
        do { root = try JSONNode.parse(response.body).node } catch {
            throw error.isLimit ? PageFailure(notJSON: error) : PageFailure(.malformed, "the answer is not JSON (\(error))")
        }
        let items = try itemsPath(root, given: overrides.items)
        let list = (items.isEmpty ? root.elements : root.at(items)?.elements) ?? []
        let count = list.count
        let link = response.headers["link"].map(LinkHeader.init)
        let paging = try pagingRule(root, items: items, link: link, response: response, given: overrides.paging)
        let total = totalSource(root, link: link, response: response, paging: paging)
        var dialect = AnyAPIDialect(items: items, paging: paging, total: total, pageSize: count)
        dialect.addressing = addressing(for: paging, url: url, root: root, link: link, count: count)
        return dialect
    }

    public static func itemsPath(_ root: JSONNode, given: [String]?) throws(PageFailure) -> [String] {
        if let given {
            guard given.isEmpty ? root.elements != nil : root.at(given)?.elements != nil else {
                throw PageFailure(.malformed, "--items \(given.joined(separator: ".")): no array there in the answer")
            }
            return given
        }
        if root.elements != nil { return [] }
        for key in itemKeys where root[key]?.elements != nil { return [key] }
        if let embedded = root["_embedded"]?.fields, let first = embedded.first(where: { $0.value.node.elements != nil }) {
            return ["_embedded", first.key]
        }
        if let fields = root.fields, let first = fields.first(where: { field in
            field.value.node.elements.map { $0.first.map { $0.node.fields != nil } ?? false } ?? false
        }) { return [first.key] }
        throw PageFailure(.malformed, "no list of items in the answer: looked for a top-level array, an array under "
            + itemKeys.joined(separator: ", ") + " or _embedded.<name>, and any array of objects (give --items PATH)")
    }

    static func pagingRule(_ root: JSONNode, items: [String], link: LinkHeader?, response: HTTPResponse, given: String?) throws(PageFailure) -> AnyPaging {
        if let given { return try named(given, root: root, link: link) }
        if let link, ["next", "last", "prev", "first"].contains(where: { link[$0] != nil }) { return .linkHeader }
        if let range = response.headers["content-range"], range.contains("/") { return .contentRange }
        for path in nextPaths where path != items {
            guard let node = root.at(path) else { continue }
            if let text = AnyAPITotals.link(node), looksLikeURL(text) { return .nextURL(path) }
            if node == .null, path.count > 1 || root["previous"] != nil || root["prev"] != nil || root["count"] != nil { return .nextURL(path) }
        }
        if root["has_more"]?.bool != nil { return .hasMore(param: "starting_after") }
        for (path, param) in cursorPaths {
            guard let node = root.at(path) else { continue }
            if let token = node.string, !token.isEmpty, !looksLikeURL(token) { return .cursor(path: path, param: param) }
            if node == .null, path.count > 1 || path != ["next"] { return .cursor(path: path, param: param) }
        }
        for parent in [[], ["meta"], ["pagination"]] as [[String]] {
            guard let holder = root.at(parent), holder["page"]?.count != nil else { continue }
            return .pageNumber(param: "page")
        }
        if root["offset"]?.count != nil { return .offset(param: "offset") }
        return .none
    }

    /// `--paging NAME`: the rule, its place read from the answer where it has one.
    static func named(_ name: String, root: JSONNode, link: LinkHeader?) throws(PageFailure) -> AnyPaging {
        switch name {
        case "link": return .linkHeader
        case "next":
            guard let path = nextPaths.first(where: { root.at($0) != nil }) else {
                throw PageFailure(.malformed, "--paging next: no next URL in the answer (looked at "
                    + nextPaths.map { $0.joined(separator: ".") }.joined(separator: ", ") + ")")
            }
            return .nextURL(path)
        case "page": return .pageNumber(param: "page")
        case "offset": return .offset(param: "offset")
        case "cursor":
            guard let found = cursorPaths.first(where: { root.at($0.path) != nil }) else {
                throw PageFailure(.malformed, "--paging cursor: no cursor token in the answer (looked at "
                    + cursorPaths.map { $0.path.joined(separator: ".") }.joined(separator: ", ") + ")")
            }
            return .cursor(path: found.path, param: found.param)
        case "has-more": return .hasMore(param: "starting_after")
        case "range": return .contentRange
        case "none": return .none
        default:
            throw PageFailure(.malformed, "--paging must be one of \(AnyPaging.names.joined(separator: ", "))")
        }
    }

    static func looksLikeURL(_ text: String) -> Bool {
        text.hasPrefix("http://") || text.hasPrefix("https://") || text.hasPrefix("/") || text.hasPrefix("?")
    }

    public static func totalSource(_ root: JSONNode, link: LinkHeader?, response: HTTPResponse, paging: AnyPaging) -> AnyTotal? {
        for path in AnyAPITotals.bodyTotals {
            if root.at(path)?.count != nil || root.at(path + ["value"])?.count != nil { return .body(path) }
        }
        if response.headers["x-total-count"].flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }) != nil {
            return .header("x-total-count")
        }
        if paging == .contentRange, response.headers["content-range"].flatMap(ContentRange.init)?.total != nil {
            return .contentRange
        }
        if let last = link?["last"].flatMap(URL.init(string:)) {
            for param in ["page", "page[number]"] where QueryEdit.value(last, param).flatMap({ Int($0) }) != nil {
                return .lastLink(param: param)
            }
        }
        return nil
    }

    /// How to ask for page N, when the answer shows one: page numbers, an offset moved by
    /// the page's count, a `Range` window; or a next link that differs from this page's
    /// URL in one such number.
    static func addressing(for paging: AnyPaging, url: URL, root: JSONNode, link: LinkHeader?, count: Int) -> AnyAddressing? {
        guard count > 0 else { return nil }
        switch paging {
        case .pageNumber(let param):
            let first = QueryEdit.value(url, param).flatMap { Int($0) } ?? (root["page"]?.count ?? 1)
            return .pageParam(param, first: first)
        case .offset(let param):
            return .offsetParam(param, start: QueryEdit.value(url, param).flatMap { Int($0) } ?? 0)
        case .contentRange:
            return .rangeHeader
        case .linkHeader:
            return link?["next"].flatMap { QueryEdit.sameOrigin($0, base: url) }.flatMap { stepping(from: url, to: $0, count: count) }
        case .nextURL(let path):
            return AnyAPITotals.link(root.at(path)).flatMap { QueryEdit.sameOrigin($0, base: url) }.flatMap { stepping(from: url, to: $0, count: count) }
        case .cursor, .hasMore, .none:
            return nil
        }
    }

    /// The one numeric parameter that moves between this page and the next: by 1 (a page
    /// number) or by the page's item count (an offset).
    static func stepping(from here: URL, to next: URL, count: Int) -> AnyAddressing? {
        guard let query = next.query(percentEncoded: true), SplitURL(here.absoluteString)?.path == SplitURL(next.absoluteString)?.path else { return nil }
        for (key, value) in QueryString.pairs(Substring(query)) {
            guard let after = Int(value) else { continue }
            let before = QueryEdit.value(here, key).flatMap { Int($0) }
            let lowered = key.lowercased()
            if lowered.contains("page") && !lowered.contains("size") && !lowered.contains("per") {
                // Without a number on this page, it is the first: 1 (the next is 2), or 0
                // where pages count from 0 (the next is 1, as Spring's are).
                if let before, after == before + 1 { return .pageParam(key, first: before) }
                if before == nil, after == 1 || after == 2 { return .pageParam(key, first: after - 1) }
            }
            if ["offset", "start", "skip", "from", "_offset"].contains(lowered) {
                let current = before ?? 0
                if after == current + count { return .offsetParam(key, start: current) }
            }
        }
        return nil
    }
}
