import Foundation
import PortalCore
import PortalJSON
import PortalPaging
import PortalREST

/// A saved API's lists as one browser: each list is the source its flags would make
/// (`portal --url URL --items … --paging …`), and this puts them side by side as tabs named
/// as the config file names them (`lists = { issues = …, pulls = … }`).
///
/// Each tab's queries go to its own source with that source's kind; answers keep the
/// source's kinds, so looking an item up goes back to the source that listed it. Page
/// addressing is each tab's own list's (`addressablePages(of:)`): a list that can jumps, one
/// that only walks walks. Sorting (`s`) is each tab's own list's (`AnyAPITabsSource`).
public struct SavedTabsSource: AddressableSource {
    public struct Part: Sendable {
        /// The saved list's name, the tab's kind here.
        public let name: String
        public let source: any Source
        /// The one tab of `source`.
        public let spec: TabSpec
    }

    public let title: String
    public let parts: [Part]

    public init(title: String, lists: [(name: String, source: any Source)]) {
        self.title = title
        parts = lists.compactMap { list in list.source.tabs.first.map { Part(name: list.name, source: list.source, spec: $0) } }
    }

    public var tabs: [TabSpec] {
        parts.map { part in
            var spec = part.spec
            spec.kind = ItemKind(rawValue: part.name)
            spec.title = part.name.prefix(1).uppercased() + part.name.dropFirst()
            return spec
        }
    }

    /// The part a query of this source names (by the saved name), with the query in the
    /// part's own kind.
    public func part(for query: ListQuery) -> (part: Part, query: ListQuery)? {
        guard let part = parts.first(where: { $0.name == query.kind.rawValue }) else { return nil }
        var inner = query
        inner.kind = part.spec.kind
        return (part, inner)
    }

    /// The part whose items are of `kind` (its own kind), else the first that can ask for it.
    public func part(ofKind kind: ItemKind, ids: [Int]) -> Part? {
        parts.first { $0.spec.kind == kind } ?? parts.first { $0.source.itemsRequest(kind, ids: ids) != nil }
    }

    public func firstPage(for query: ListQuery) -> PageRequest {
        guard let (part, inner) = part(for: query) else { return parts[0].source.firstPage(for: ListQuery(kind: parts[0].spec.kind)) }
        return part.source.firstPage(for: inner)
    }

    public func decodePage(_ response: HTTPResponse, for request: PageRequest, of query: ListQuery) throws(PageFailure) -> PageContent<Item> {
        guard let (part, inner) = part(for: query) else { throw PageFailure(.malformed, "no list \(Sanitize.line(query.kind.rawValue))") }
        return try part.source.decodePage(response, for: request, of: inner)
    }

    public func itemsRequest(_ kind: ItemKind, ids: [Int]) -> HTTPRequest? {
        part(ofKind: kind, ids: ids)?.source.itemsRequest(kind, ids: ids)
    }

    /// By key (a list spec's `by_keys`): the part whose kind it is.
    public func itemsRequest(_ kind: ItemKind, keys: [RecordKey]) -> HTTPRequest? {
        (parts.first { $0.spec.kind == kind } ?? part(ofKind: kind, ids: keys.compactMap(\.number)))?.source.itemsRequest(kind, keys: keys)
    }

    /// The part whose kind it is; a followed link (a kind of no part's) is read by the
    /// first part that reads it, the one whose links it was found among first.
    public func decodeItems(_ kind: ItemKind, _ response: HTTPResponse) throws(PageFailure) -> [Item] {
        if let part = parts.first(where: { $0.spec.kind == kind }) { return try part.source.decodeItems(kind, response) }
        var failure = PageFailure(.malformed, "this API's items cannot be looked up by id")
        for part in parts {
            do { return try part.source.decodeItems(kind, response) } catch { failure = error }
        }
        throw failure
    }

    /// A pushed record of a tab (its saved name) or of a part's own kind: read by that part.
    public func liveItem(_ kind: ItemKind, record: JSONSpan) -> Item? {
        guard let part = parts.first(where: { $0.name == kind.rawValue || $0.spec.kind == kind }) else { return nil }
        return part.source.liveItem(part.spec.kind, record: record)
    }

    /// A followed link is asked by the first list that may ask it (its origin), with that
    /// list's headers, and read by the same list.
    public func linkRequest(_ link: ItemLink) -> HTTPRequest? {
        parts.lazy.compactMap { $0.source.linkRequest(link) }.first
    }

    public func decodeLink(_ link: ItemLink, _ response: HTTPResponse) throws(PageFailure) -> Item {
        let part = parts.first { $0.source.linkRequest(link) != nil } ?? parts[0]
        return try part.source.decodeLink(link, response)
    }

    public func pictureRequest(for item: Item) -> HTTPRequest? {
        let kind = item.kind
        let part = parts.first { $0.spec.kind == kind } ?? parts[0]
        return part.source.pictureRequest(for: item)
    }

    /// The tab's own list's pages value when it addresses its pages; nil when it walks.
    public func addressablePages(of query: ListQuery) -> (any PageAddressable)? {
        guard let (part, inner) = part(for: query), let addressable = part.source as? any AddressableSource else { return nil }
        return addressable.addressablePages(of: inner)
    }
}

extension SavedTabsSource: AnyAPITabsSource {
    /// The tab's own list when it is any API's (`s` sorts with its server's parameter).
    public func anyAPISource(for query: ListQuery) -> AnyAPISource? {
        guard let (part, _) = part(for: query) else { return nil }
        return AnyAPISource.of(part.source)
    }
}
