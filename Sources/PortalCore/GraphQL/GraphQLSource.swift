import Foundation
import Synchronization

/// A GraphQL server as the browser sees it (`portal --graphql URL`): one tab per list
/// (`GraphQLList`: a root field found in the schema, or the `--query`), named by it, items
/// as `Item.json`. Every page is a POST (`GraphQLPages`). When one of its lists can be
/// addressed (page numbers, offsets, offset cursors) it is an `AddressableSource`
/// (`AddressableGraphQLSource`), so those tabs jump; the others walk.
public struct GraphQLSource: Source {
    public let endpoint: URL
    public let headers: [String: String]
    public let lists: [GraphQLList]
    /// The Relay lists whose cursors are graphql-relay's offsets (seen by `GraphQLProbe`,
    /// list by list: one server may have both kinds).
    public let offsetCursorLists: Set<String>
    /// Some list's cursors are offsets.
    public var offsetCursors: Bool { !offsetCursorLists.isEmpty }
    public let card: JSONCardChoice
    /// The `errors` of partial answers, for a notice.
    public let notices = GraphQLNotices()
    public var picturesOrigin: PicturesOrigin
    /// The lists inside nodes (`GraphQLNestedCatalog`) a detail offers as links.
    public let nested: GraphQLNestedCatalog

    public init(endpoint: URL, headers: [String: String], lists: [GraphQLList], offsetCursorLists: Set<String>,
                fields: [String]? = nil, picturesOrigin: PicturesOrigin = .any, nested: GraphQLNestedCatalog = GraphQLNestedCatalog()) {
        self.endpoint = endpoint
        self.headers = headers
        self.lists = lists
        self.offsetCursorLists = offsetCursorLists
        // With nested lists, a URL on the endpoint's origin is a link (`GraphQLNestedLink`).
        self.card = JSONCardChoice(fields: fields, linkOrigin: nested.types.isEmpty ? nil : JSONLinks.origin(of: endpoint))
        self.picturesOrigin = picturesOrigin
        self.nested = nested
    }

    /// The source, addressable when any list can be asked for by page.
    public static func make(_ source: GraphQLSource) -> any Source {
        source.lists.contains { $0.isAddressable(offsetCursors: source.offsetCursorLists.contains($0.name)) } ? AddressableGraphQLSource(base: source) : source
    }

    public var title: String { "GraphQL" }

    public var tabs: [TabSpec] {
        lists.map { TabSpec(kind: ItemKind(rawValue: $0.name), title: $0.name, searchKey: nil) }
    }

    /// The pages of the list `kind` names (the first list for a kind it does not name).
    public func pages(_ kind: ItemKind) -> GraphQLPages {
        let list = lists.first { $0.name == kind.rawValue } ?? lists.first
            ?? GraphQLList(name: kind.rawValue, query: "{ __typename }", paging: .none, pageSize: 1)
        return GraphQLPages(endpoint: endpoint, headers: headers, list: list, offsetCursors: offsetCursorLists.contains(list.name))
    }

    public func firstPage(for query: ListQuery) -> PageRequest { pages(query.kind).firstPage }

    public func decodePage(_ response: HTTPResponse, for request: PageRequest, of query: ListQuery) throws(PageFailure) -> PageContent<Item> {
        let (page, errors) = try pages(query.kind).decode(response, for: request)
        if !errors.isEmpty { notices.add(errors) }
        let card = self.card
        let kind = query.kind
        var items = page.map { Item.json(JSONItem(row: withNestedLinks($0, list: kind.rawValue), card: card), kind: kind) }
        if let first = errors.first {
            items.notice = Sanitize.line("partial answer: " + first).prefix(120) + (errors.count > 1 ? " (+\(errors.count - 1) more)" : "")
        }
        return items
    }

    /// No lookups by id: an item is whole as its list brought it.
    public func itemsRequest(_ kind: ItemKind, ids: [Int]) -> HTTPRequest? { nil }

    public func decodeItems(_ kind: ItemKind, _ response: HTTPResponse) throws(PageFailure) -> [Item] {
        throw PageFailure(.malformed, "GraphQL items are not looked up by id")
    }

    /// An item's image column (`PictureColumns`) on an origin `picturesOrigin` allows.
    public func pictureRequest(for item: Item) -> HTTPRequest? {
        guard case .json(let json, _) = item else { return nil }
        return PictureColumns.request(in: json.row, listURL: endpoint.absoluteString, policy: picturesOrigin, homeHeaders: [:])
    }
}

/// `GraphQLSource` with lists that jump. A Relay list whose cursors are not offsets says a
/// page size one past its own, which its first page never matches, so it walks.
public struct AddressableGraphQLSource: AddressableSource {
    public let base: GraphQLSource

    public var title: String { base.title }
    public var tabs: [TabSpec] { base.tabs }
    public func firstPage(for query: ListQuery) -> PageRequest { base.firstPage(for: query) }
    public func decodePage(_ response: HTTPResponse, for request: PageRequest, of query: ListQuery) throws(PageFailure) -> PageContent<Item> {
        try base.decodePage(response, for: request, of: query)
    }
    public func itemsRequest(_ kind: ItemKind, ids: [Int]) -> HTTPRequest? { base.itemsRequest(kind, ids: ids) }
    public func decodeItems(_ kind: ItemKind, _ response: HTTPResponse) throws(PageFailure) -> [Item] {
        try base.decodeItems(kind, response)
    }
    public func pictureRequest(for item: Item) -> HTTPRequest? { base.pictureRequest(for: item) }
    public func linkRequest(_ link: ItemLink) -> HTTPRequest? { base.linkRequest(link) }
    public func decodeLink(_ link: ItemLink, _ response: HTTPResponse) throws(PageFailure) -> Item { try base.decodeLink(link, response) }

    public func pageSize(of query: ListQuery) -> Int {
        let pages = base.pages(query.kind)
        return pages.list.isAddressable(offsetCursors: pages.offsetCursors) ? pages.list.pageSize : pages.list.pageSize + 1
    }

    public func request(forPage index: Int, of query: ListQuery) -> PageRequest? { base.pages(query.kind).request(forPage: index) }
}

/// The messages of partial answers (`data` with `errors`), each kept once, for
/// `portal list` to say on stderr and the trace to note.
public final class GraphQLNotices: Sendable {
    private let seen = Mutex<[String]>([])
    static let capacity = 20

    public init() {}

    func add(_ messages: [String]) {
        seen.withLock { list in
            for message in messages where !list.contains(message) && list.count < Self.capacity { list.append(message) }
        }
    }

    public var messages: [String] { seen.withLock { $0 } }
}
