import Foundation

/// The list at a URL of an API no description covers (`portal --url`), read in the dialect
/// `DialectDetector` found in its first answer: one tab named after the URL's last path
/// segment, items as `Item.json`. A dialect with an `addressing` makes it an
/// `AddressableSource` (`AddressableAnyAPISource`), so the list jumps; otherwise it walks.
public struct AnyAPISource: Source {
    public let pages: AnyAPIPages
    public let kind: ItemKind
    public let card: JSONCardChoice

    public init(pages: AnyAPIPages, fields: [String]? = nil) {
        self.pages = pages
        self.kind = ItemKind(rawValue: Self.listName(pages.url))
        self.card = JSONCardChoice(fields: fields)
    }

    /// The source, addressable when the dialect can ask for any page.
    public static func make(pages: AnyAPIPages, fields: [String]? = nil) -> any Source {
        let source = AnyAPISource(pages: pages, fields: fields)
        return pages.dialect.addressing == nil ? source : AddressableAnyAPISource(base: source)
    }

    /// The URL's last path segment (`users` for `…/users?page=2`), else its host.
    static func listName(_ url: URL) -> String {
        let segment = url.path.split(separator: "/").last.map(String.init).map { QueryString.decode(Substring($0)) }
        return Sanitize.line(segment.flatMap { $0.isEmpty ? nil : $0 } ?? url.host ?? "items")
    }

    public var title: String { Sanitize.line(pages.url.host ?? "API") }

    public var tabs: [TabSpec] {
        [TabSpec(kind: kind, title: kind.rawValue.prefix(1).uppercased() + kind.rawValue.dropFirst(), searchKey: nil)]
    }

    public func firstPage(for query: ListQuery) -> PageRequest { pages.firstPage }

    public func decodePage(_ response: HTTPResponse, for request: PageRequest, of query: ListQuery) throws(PageFailure) -> PageContent<Item> {
        let kind = self.kind
        let card = self.card
        return try pages.decode(response, for: request).map { .json(JSONItem(row: $0, card: card), kind: kind) }
    }

    public func itemsRequest(_ kind: ItemKind, ids: [Int]) -> HTTPRequest? { nil }

    public func decodeItems(_ kind: ItemKind, _ response: HTTPResponse) throws(PageFailure) -> [Item] {
        throw PageFailure(.malformed, "this API's items cannot be looked up by id")
    }

    /// An item's image column (`PictureColumns`) on the list's own origin; elsewhere none.
    public func pictureRequest(for item: Item) -> HTTPRequest? {
        guard case .json(let json, _) = item, let origin = SplitURL(pages.url.absoluteString)?.origin,
              let url = PictureColumns.url(in: json.row, allowedOrigins: [origin]) else { return nil }
        return HTTPRequest(url: url)
    }
}

/// `AnyAPISource` over a dialect that addresses pages (page numbers, offsets, ranges).
public struct AddressableAnyAPISource: AddressableSource {
    public let base: AnyAPISource

    public var title: String { base.title }
    public var tabs: [TabSpec] { base.tabs }
    public func firstPage(for query: ListQuery) -> PageRequest { base.firstPage(for: query) }
    public func decodePage(_ response: HTTPResponse, for request: PageRequest, of query: ListQuery) throws(PageFailure) -> PageContent<Item> {
        try base.decodePage(response, for: request, of: query)
    }
    public func itemsRequest(_ kind: ItemKind, ids: [Int]) -> HTTPRequest? { nil }
    public func decodeItems(_ kind: ItemKind, _ response: HTTPResponse) throws(PageFailure) -> [Item] {
        try base.decodeItems(kind, response)
    }
    public func pictureRequest(for item: Item) -> HTTPRequest? { base.pictureRequest(for: item) }
    public func pageSize(of query: ListQuery) -> Int { base.pages.pageSize }
    public func request(forPage index: Int, of query: ListQuery) -> PageRequest? { base.pages.request(forPage: index) }
}
