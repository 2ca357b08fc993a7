import Foundation
import PortalCore
import PortalJSON
import PortalPaging
import PortalREST

/// The lists of an OpenAPI document as one `Source`: a tab per list, each read as any
/// API's list is (`AnyAPISource` over its `ListReading`), with the document's filters and
/// search sent as query parameters, and Enter on an item fetching its detail operation
/// (`GET …/{id}`) when the document has one.
///
/// A list is read from its own first page, when that page is decoded (its tab shown, or
/// `portal list` naming it), not before: a document of 1,000 lists asks nothing until a
/// tab is used (it asked every list's first page before the first screen). What each first
/// answer said is kept in `readings` (shared by every copy) for the list's later pages,
/// and the first page hands the list its addressing (`PageContent.addressing`): a tab
/// whose list can ask for any page (page numbers, offsets) jumps; the others (cursors,
/// `next` links) walk.
public struct OpenAPISource: AddressableSource {
    /// One tab: the document's list, its kind in the browser, and the list as any API's
    /// before its first answer is read (its card, links and pictures).
    public struct Tab: Sendable {
        public let list: OpenAPIList
        public let kind: ItemKind
        public let base: AnyAPISource
        /// `--fields`, for the list once read.
        let fields: [String]?

        public init(list: OpenAPIList, kind: ItemKind, base: AnyAPISource, fields: [String]? = nil) {
            self.list = list
            self.kind = kind
            self.base = base
            self.fields = fields
        }
    }

    public let title: String
    public let lists: [Tab]
    /// Each list's reading, once its first answer was read (by the list's name).
    public let readings: FirstAnswerReadings<ListReading>

    public init(title: String, lists: [Tab], readings: FirstAnswerReadings<ListReading> = FirstAnswerReadings()) {
        self.title = title
        self.lists = lists
        self.readings = readings
    }

    public var tabs: [TabSpec] {
        lists.map { TabSpec(kind: $0.kind, title: $0.list.title, searchKey: $0.list.searchKey, filters: $0.list.filters) }
    }

    func tab(_ kind: ItemKind) -> Tab? { lists.first { $0.kind == kind } }

    /// The tab's list as any API's: read as its first answer said, once it arrived.
    func current(_ tab: Tab) -> AnyAPISource {
        guard let reading = readings[tab.list.name] else { return tab.base }
        let pages = AnyAPIPages(url: tab.base.pages.url, reading: reading, headers: tab.base.pages.headers)
        return AnyAPISource(pages: pages, fields: tab.fields, picturesOrigin: tab.base.picturesOrigin)
    }

    /// The tab's pages for `query`: its order (`s`) as any API's, its filters and search
    /// as query parameters of the URL (so each page the dialect builds keeps them).
    func pages(_ tab: Tab, _ query: ListQuery) -> AnyAPIPages {
        let sorted = current(tab).pages(for: query)
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
        return try read(tab, response, for: request, of: query).map { row in
            let fetchable = summary != nil && Int(row["id"]?.description ?? "").map { abs($0) < 1 << 61 } == true
            return Item(Record(row: row, card: fetchable ? summary ?? card : card), kind: kind)
        }
    }

    /// A page of the tab's list, read as its first answer said. The first page of a list
    /// not read yet is that first answer: its reading is made from it (`OpenAPIDialect`),
    /// kept, and handed to the list with the page when it can address pages.
    func read(_ tab: Tab, _ response: HTTPResponse, for request: PageRequest, of query: ListQuery) throws(PageFailure) -> PageContent<Row> {
        guard request.index == 0, readings[tab.list.name] == nil else { return try pages(tab, query).decode(response, for: request) }
        let reading = try OpenAPIDialect.reading(response, for: request.http.url, declared: tab.list.declared)
        readings.learn(reading, for: tab.list.name)
        let pages = pages(tab, query)
        var page = try pages.decode(response, for: request)
        if reading.addressing != nil { page.addressing = PageAddressing(pages: pages) }
        return page
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
        return rows.map { Item(Record(row: $0, card: card), kind: kind) }
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

    /// The tab's pages once its first answer said they can be addressed; nil before (the
    /// first page then hands the addressing over) and for a list that walks.
    public func addressablePages(of query: ListQuery) -> (any PageAddressable)? {
        guard let tab = tab(query.kind), current(tab).addressablePages(of: query) != nil else { return nil }
        return pages(tab, query)
    }
}

extension OpenAPISource: AnyAPITabsSource {
    /// The tab's list as any API's: `s` sorts with its server's parameter.
    public func anyAPISource(for query: ListQuery) -> AnyAPISource? { tab(query.kind).map(current) }
}
