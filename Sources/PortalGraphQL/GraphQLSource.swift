import Foundation
import PortalCore
import PortalPaging

/// A GraphQL server as the browser sees it (`portal --graphql URL`): one tab per list
/// (`GraphQLList`: a root field found in the schema, or the `--query`), named by it, items
/// as `Item`s. Every page is a POST (`GraphQLPages`). A list that can be addressed
/// (page numbers, offsets, offset cursors) says so (`addressablePages(of:)`), so its tab
/// jumps; the others walk.
///
/// A value with no mutable state: a partial answer's `errors` travel on its page
/// (`PageContent.notice`), which the status line and `portal list` read.
public struct GraphQLSource: AddressableSource {
    public let endpoint: URL
    public let headers: [String: String]
    public let lists: [GraphQLList]
    /// The Relay lists whose cursors were seen to be graphql-relay's offsets before the
    /// source was made (`--query`'s list, by `GraphQLProbe`).
    public let offsetCursorLists: Set<String>
    /// Whether each Relay list's cursors are offsets, seen on its own first page when that
    /// page is decoded (its tab shown, `portal list` naming it), list by list: one server
    /// may have both kinds, and a schema of 1,000 connections asks nothing until one is used.
    public let cursorsSeen: FirstAnswerReadings<Bool>
    /// Some list's cursors are offsets, as far as seen.
    public var offsetCursors: Bool { !offsetCursorLists.isEmpty || lists.contains { cursorsSeen[$0.name] == true } }
    public let card: JSONCardChoice
    public let picturesOrigin: PicturesOrigin
    /// The lists inside nodes (`GraphQLNestedCatalog`) a detail offers as links.
    public let nested: GraphQLNestedCatalog

    public init(endpoint: URL, headers: [String: String], lists: [GraphQLList], offsetCursorLists: Set<String>,
                fields: [String]? = nil, picturesOrigin: PicturesOrigin = .any, nested: GraphQLNestedCatalog = GraphQLNestedCatalog()) {
        self.endpoint = endpoint
        self.headers = headers
        self.lists = lists
        self.offsetCursorLists = offsetCursorLists
        self.cursorsSeen = FirstAnswerReadings()
        // With nested lists, a URL on the endpoint's origin is a link (`GraphQLNestedLink`).
        self.card = JSONCardChoice(fields: fields, linkOrigin: nested.types.isEmpty ? nil : JSONLinks.origin(of: endpoint))
        self.picturesOrigin = picturesOrigin
        self.nested = nested
    }

    public var title: String { "GraphQL" }

    public var tabs: [TabSpec] {
        lists.map { TabSpec(kind: ItemKind(rawValue: $0.name), title: $0.name, searchKey: nil) }
    }

    /// The pages of the list `kind` names (the first list for a kind it does not name).
    public func pages(_ kind: ItemKind) -> GraphQLPages {
        let list = lists.first { $0.name == kind.rawValue } ?? lists.first
            ?? GraphQLList(name: kind.rawValue, query: "{ __typename }", paging: .none, pageSize: 1)
        return GraphQLPages(endpoint: endpoint, headers: headers, list: list, offsetCursors: hasOffsetCursors(list.name))
    }

    /// Whether list `name`'s cursors are offsets, as far as known.
    func hasOffsetCursors(_ name: String) -> Bool { offsetCursorLists.contains(name) || cursorsSeen[name] == true }

    public func firstPage(for query: ListQuery) -> PageRequest { pages(query.kind).firstPage }

    public func decodePage(_ response: HTTPResponse, for request: PageRequest, of query: ListQuery) throws(PageFailure) -> PageContent<Item> {
        let pages = pages(query.kind)
        var (page, errors) = try pages.decode(response, for: request)
        if request.index == 0, case .cursor = pages.list.paging, !offsetCursorLists.contains(pages.list.name) {
            // A Relay list's first answer: whether its cursors are offsets (so it can jump).
            let offsets = (try? GraphQLProbe.cursorsAreOffsets(response, of: pages.list)) ?? false
            cursorsSeen.learn(offsets, for: pages.list.name)
            let addressable = GraphQLPages(endpoint: endpoint, headers: headers, list: pages.list, offsetCursors: offsets)
            if pages.list.isAddressable(offsetCursors: offsets) { page.addressing = PageAddressing(pages: addressable) }
        }
        let card = self.card
        let kind = query.kind
        var items = page.map { Item(Record(row: withNestedLinks($0, list: kind.rawValue), card: card), kind: kind) }
        if let first = errors.first {
            items.notice = Sanitize.line("partial answer: " + first).prefix(120) + (errors.count > 1 ? " (+\(errors.count - 1) more)" : "")
        }
        return items
    }

    /// `query`'s list's pages when it can be asked for any page (page numbers, offsets,
    /// Relay cursors that are offsets: graphql-relay's); nil for a list that walks.
    public func addressablePages(of query: ListQuery) -> (any PageAddressable)? {
        let pages = pages(query.kind)
        return pages.list.isAddressable(offsetCursors: pages.offsetCursors) ? pages : nil
    }

    /// No lookups by id: an item is whole as its list brought it.
    public func itemsRequest(_ kind: ItemKind, ids: [Int]) -> HTTPRequest? { nil }

    public func decodeItems(_ kind: ItemKind, _ response: HTTPResponse) throws(PageFailure) -> [Item] {
        throw PageFailure(.malformed, "GraphQL items are not looked up by id")
    }

    /// An item's image column (`PictureColumns`) on an origin `picturesOrigin` allows.
    public func pictureRequest(for item: Item) -> HTTPRequest? {
        let json = item.record
        return PictureColumns.request(in: json.row, listURL: endpoint.absoluteString, policy: picturesOrigin, homeHeaders: [:])
    }
}
