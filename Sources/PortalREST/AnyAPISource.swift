import Foundation
import PortalJSON
import PortalCore
import PortalPaging

/// The list at a URL of an API no description covers (`portal --url`), read as the
/// `ListReading` `DialectDetector` took from its first answer: one tab named after the URL's
/// last path segment, items as `Item`s. It addresses its pages (`addressablePages(of:)`)
/// when that reading has an `addressing`, so the list jumps; otherwise it walks.
///
/// A value with no mutable state: a link the pane follows carries its URL (`ItemLink`),
/// so decoding an answer only reads it. A list of many (a saved API's) may be read from
/// its own first page instead, when its tab is shown (`unread`, `DeferredReading`).
public struct AnyAPISource: AddressableSource {
    /// The pages as given: read already, or (`deferred`) not yet.
    let givenPages: AnyAPIPages
    /// Set for a list read from its own first page: what it is read with, and what it read.
    var deferred: DeferredReading?
    public let kind: ItemKind
    public let card: JSONCardChoice
    /// Where its pictures may come from (`--pictures-origin`): any http(s) origin by default.
    public let picturesOrigin: PicturesOrigin

    /// `spec`: the list's own spec (key, card, detail, `by_keys`); `name`: its kind where
    /// a saved API names it (else the URL's last segment); `byKeys`: the by-key URL template
    /// of every list of the API by name, for the related lists of its details.
    public init(pages: AnyAPIPages, fields: [String]? = nil, picturesOrigin: PicturesOrigin = .any, spec: ListSpec = ListSpec(),
                name: String? = nil, byKeys: [String: ByKeysRoute] = [:]) {
        self.givenPages = pages
        self.deferred = nil
        self.picturesOrigin = picturesOrigin
        self.kind = ItemKind(rawValue: name ?? Self.listName(pages.url))
        self.card = JSONCardChoice(fields: fields, linkOrigin: JSONLinks.origin(of: pages.url), spec: spec, byKeys: byKeys)
    }

    /// The URL's last path segment (`users` for `…/users?page=2`, `ListName`), else its host.
    static func listName(_ url: URL) -> String {
        ListName.lastSegment(of: url) ?? Sanitize.line(url.host ?? "items")
    }

    public var title: String { Sanitize.line(pages.url.host ?? "API") }

    public var tabs: [TabSpec] {
        [TabSpec(kind: kind, title: kind.rawValue.prefix(1).uppercased() + kind.rawValue.dropFirst(), searchKey: card.spec.search,
                 filters: card.spec.formFilters)]
    }

    public func firstPage(for query: ListQuery) -> PageRequest { pages(for: query).firstPage }

    /// Page numbers, offsets and ranges address pages; links and cursors only walk.
    public func addressablePages(of query: ListQuery) -> (any PageAddressable)? {
        pages.reading.addressing == nil ? nil : pages(for: query)
    }

    public func decodePage(_ response: HTTPResponse, for request: PageRequest, of query: ListQuery) throws(PageFailure) -> PageContent<Item> {
        let kind = self.kind
        let card = self.card
        let learnt = try readFirstAnswer(response, for: request)
        var page = try pages.decode(response, for: request).map { Item(Record(row: $0, card: card), kind: kind) }
        if learnt, let addressable = addressablePages(of: query) { page.addressing = PageAddressing(pages: addressable) }
        return page
    }

    public func itemsRequest(_ kind: ItemKind, ids: [Int]) -> HTTPRequest? { itemsRequest(kind, keys: ids.map(RecordKey.number)) }

    /// Items are looked up by key when the list's spec says how (`by_keys`); otherwise a
    /// pane follows links (`linkRequest`). One request, holding no more keys than the
    /// list's cap allows (`ByKeys.perRequest`, as a detail's related list is split): the
    /// first that many of `keys`, the rest left for the caller to ask next — a related
    /// list asks page by page already (`RelatedPages`), and `get_item`'s first related
    /// rows are the first request's.
    public func itemsRequest(_ kind: ItemKind, keys: [RecordKey]) -> HTTPRequest? {
        guard kind == self.kind, let route = byKeysRoute else { return nil }
        let first = Array(keys.prefix(ByKeys.perRequest(route, keys: keys)))
        guard let url = ByKeys.url(template: route.template, keys: first) else { return nil }
        return HTTPRequest(url: url, headers: pages.headers)
    }

    /// `by_keys` made absolute: as the API's lists name it (a saved list's, against the
    /// API's url), else a path joined to the list's origin.
    var byKeysRoute: ByKeysRoute? {
        guard let route = card.spec.byKeys else { return nil }
        return card.byKeys[kind.rawValue] ?? route.absolute(root: SplitURL(pages.url.absoluteString)?.origin.written ?? "")
    }

    /// The answer to `itemsRequest`: the records at the list's items path (or wherever the
    /// detector finds them), one object as one record.
    public func decodeItems(_ kind: ItemKind, _ response: HTTPResponse) throws(PageFailure) -> [Item] {
        guard card.spec.byKeys != nil else { throw PageFailure(.malformed, "this API's items cannot be looked up by id") }
        guard (200..<300).contains(response.status) else { throw PageFailure(statusOf: response) }
        let root: JSONSpan
        do { root = try JSONNode.parse(response.body) } catch { throw PageFailure(notJSON: error) }
        let list: [JSONSpan]
        if let found = root.node.at(pages.reading.items)?.elements ?? (pages.reading.items.isEmpty ? root.node.elements : nil) {
            list = found
        } else if root.node.fields != nil, root.node["id"] != nil {
            list = [root]
        } else {
            let path = try DialectDetector.itemsPath(root.node, given: nil)
            list = (path.isEmpty ? root.node.elements : root.node.at(path)?.elements) ?? []
        }
        let card = self.card
        return JSONItems.rows(list, columns: nil, firstPosition: 0).map { Item(Record(row: $0, card: card), kind: kind) }
    }

    /// The link's URL with the list's headers, when it is on the list's origin (a key in
    /// the headers never goes to another server, whatever an answer wrote).
    public func linkRequest(_ link: ItemLink) -> HTTPRequest? {
        guard JSONLinks.isLink(link.url.absoluteString, origin: card.linkOrigin) else { return nil }
        return HTTPRequest(url: link.url, headers: pages.headers)
    }

    /// What a link answered: an object is that item; a list (any shape the detector
    /// reads) is one page of it, each entry a subtree whose own links can be followed,
    /// with the link to its next page (read in the dialect detected from this answer) so
    /// the pane can ask for it when its highlight nears the end.
    public func decodeLink(_ link: ItemLink, _ response: HTTPResponse) throws(PageFailure) -> Item {
        guard (200..<300).contains(response.status) else { throw PageFailure(statusOf: response) }
        let root: JSONSpan
        do { root = try JSONNode.parse(response.body) } catch { throw PageFailure(notJSON: error) }
        if root.node.fields != nil, (try? DialectDetector.itemsPath(root.node, given: nil)) == nil || root.node["id"] != nil {
            let row = JSONItems.row(root, columns: nil, position: 0)
            return Item(Record(row: row, card: card, link: link), kind: .link)
        }
        let path = try DialectDetector.itemsPath(root.node, given: nil)
        let list = (path.isEmpty ? root.node.elements : root.node.at(path)?.elements) ?? []
        let entries = JSONItems.rows(list, columns: JSONItems.columnNames(in: root.node, beside: path), firstPosition: 0)
        let total = DialectDetector.total(root.node, response: response, pageSize: list.count)
        var columns: [(name: String, value: Row.Value)] = [("name", .string("\(list.count)\(total.map { " of \($0)" } ?? "") items"))]
        for (entry, span) in zip(entries, list) {
            columns.append((Record(row: entry, card: card).title, .json(span.text)))
        }
        let row = Row(id: "#\(link.key.id)", columns: columns, json: root.text, position: 0)
        return Item(Record(row: row, card: card, link: link, isPage: true, nextPage: nextPage(after: link, response)), kind: .link)
    }

    /// The page after the list answered at `link`: a next page on the same origin that a
    /// plain GET asks for (a `Range` window is not a link).
    func nextPage(after link: ItemLink, _ response: HTTPResponse) -> ItemLink? {
        guard let origin = card.linkOrigin, let reading = try? DialectDetector.detect(response, for: link.url) else { return nil }
        let pages = AnyAPIPages(url: link.url, reading: reading, headers: self.pages.headers)
        guard let next = (try? pages.decode(response, for: pages.firstPage))?.next, next.http.headers == pages.firstPage.http.headers,
              let found = ItemLink(next.http.url.absoluteString, origin: origin), found != link
        else { return nil }
        return found
    }

    /// An item's image column (`PictureColumns`) on an origin `picturesOrigin` allows: on
    /// the list's own origin asked for as before, elsewhere bare (`BarePictureRequest`).
    /// With a spec's `card.picture`, that field or template (relative URLs against the list's URL).
    public func pictureRequest(for item: Item) -> HTTPRequest? {
        let json = item.record
        if card.spec.card?.picture != nil {
            return SpecPicture.request(for: json, listURL: pages.url, homeHeaders: [:], policy: picturesOrigin)
        }
        return PictureColumns.request(in: json.row, listURL: pages.url.absoluteString, policy: picturesOrigin, homeHeaders: [:])
    }
}
