import Foundation
import PortalCore

/// The lists of an OpenAPI document as one `Source`: a tab per list, each read as any
/// API's list is (`AnyAPISource` over its `ListReading`), with the document's filters and
/// search sent as query parameters, and Enter on an item fetching its detail operation
/// (`GET …/{id}`) when the document has one.
///
/// A value: each tab's reading was made from its first answer before the source was
/// built (`OpenAPITabs.source`), so nothing here changes afterwards. A tab whose list can
/// ask for any page (page numbers, offsets) jumps (`addressablePages(of:)`); the others
/// (cursors, `next` links) walk.
public struct OpenAPISource: AddressableSource {
    /// One tab: the document's list, its kind in the browser, and the list as any API's.
    public struct Tab: Sendable {
        public let list: OpenAPIList
        public let kind: ItemKind
        public let base: AnyAPISource
    }

    public let title: String
    public let lists: [Tab]

    public init(title: String, lists: [Tab]) {
        self.title = title
        self.lists = lists
    }

    public var tabs: [TabSpec] {
        lists.map { TabSpec(kind: $0.kind, title: $0.list.title, searchKey: $0.list.searchKey, filters: $0.list.filters) }
    }

    func tab(_ kind: ItemKind) -> Tab? { lists.first { $0.kind == kind } }

    /// The tab's pages for `query`: its order (`s`) as any API's, its filters and search
    /// as query parameters of the URL (so each page the dialect builds keeps them).
    func pages(_ tab: Tab, _ query: ListQuery) -> AnyAPIPages {
        let sorted = tab.base.pages(for: query)
        var url = sorted.url
        for (key, value) in query.pairs { url = QueryEdit.setting(url, key, value) ?? url }
        return AnyAPIPages(url: url, reading: sorted.reading, headers: sorted.headers)
    }

    public func firstPage(for query: ListQuery) -> PageRequest {
        // `OpenAPITabs.source` never makes a source without lists.
        let tab = tab(query.kind) ?? lists[0]
        return pages(tab, query).firstPage
    }

    public func decodePage(_ response: HTTPResponse, for request: PageRequest, of query: ListQuery) throws(PageFailure) -> PageContent<Item> {
        guard let tab = tab(query.kind) else { throw PageFailure(.malformed, "no such list in the document") }
        let card = tab.base.card
        let kind = tab.kind
        // An entry the detail operation can fetch (an integer id, the only ids a browser
        // key keeps as written) is a summary: Enter asks for the whole item.
        let summary = tab.list.detail?.field == "id" ? JSONCardChoice(fields: card.fields, linkOrigin: card.linkOrigin, hasDetail: true) : nil
        return try pages(tab, query).decode(response, for: request).map { row in
            let fetchable = summary != nil && Int(row["id"]?.description ?? "").map { abs($0) < 1 << 61 } == true
            return .json(JSONItem(row: row, card: fetchable ? summary ?? card : card), kind: kind)
        }
    }

    /// The detail operation's URL for an item with an integer `id` (the only ids a
    /// browser key keeps as written).
    public func itemsRequest(_ kind: ItemKind, ids: [Int]) -> HTTPRequest? {
        guard let tab = tab(kind), let detail = tab.list.detail, ids.count == 1, let id = ids.first,
              abs(id) < 1 << 61, let url = detail.url(for: String(id)) else { return nil }
        return HTTPRequest(url: url, headers: tab.base.pages.headers)
    }

    /// The detail operation's answer: the item, complete.
    public func decodeItems(_ kind: ItemKind, _ response: HTTPResponse) throws(PageFailure) -> [Item] {
        guard let tab = tab(kind) else { throw PageFailure(.malformed, "no such list in the document") }
        guard (200..<300).contains(response.status) else { throw PageFailure(statusOf: response) }
        let root: JSONSpan
        do { root = try JSONNode.parse(response.body) } catch { throw PageFailure(notJSON: error) }
        guard root.node.fields != nil else { throw PageFailure(.malformed, "the item's answer is not a JSON object") }
        let card = JSONCardChoice(fields: tab.base.card.fields, linkOrigin: tab.base.card.linkOrigin)
        let rows = JSONItems.rows([root], columns: nil, firstPosition: 0)
        return rows.map { .json(JSONItem(row: $0, card: card), kind: kind) }
    }

    /// A URL in an item, followed as any API's lists follow it (the first list's headers,
    /// its origin only).
    public func linkRequest(_ link: ItemLink) -> HTTPRequest? { lists.lazy.compactMap { $0.base.linkRequest(link) }.first }

    public func decodeLink(_ link: ItemLink, _ response: HTTPResponse) throws(PageFailure) -> Item {
        guard let tab = lists.first(where: { $0.base.linkRequest(link) != nil }) else {
            throw PageFailure(.malformed, "the link is not on the API's origin")
        }
        return try tab.base.decodeLink(link, response)
    }

    public func pictureRequest(for item: Item) -> HTTPRequest? { tab(item.kind)?.base.pictureRequest(for: item) }

    public func addressablePages(of query: ListQuery) -> (any PageAddressable)? {
        guard let tab = tab(query.kind), tab.base.addressablePages(of: query) != nil else { return nil }
        return pages(tab, query)
    }
}

extension OpenAPISource: AnyAPITabsSource {
    /// The tab's list as any API's: `s` sorts with its server's parameter.
    public func anyAPISource(for query: ListQuery) -> AnyAPISource? { tab(query.kind)?.base }
}
