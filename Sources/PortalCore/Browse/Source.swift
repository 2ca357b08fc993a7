import Foundation
import PortalJSON

/// One API as the browser sees it: which lists it has (its tabs), how to start each, how
/// to read its answers, and how to ask for items by id.
///
/// The browser's update function (PortalUI) only asks a source for tabs and first pages —
/// pure values — so it never names a concrete API or a transport; the effect interpreter
/// that owns the transport uses the rest. A new API is a new `Source`, not a new
/// controller.
public protocol Source: Sendable {
    /// The API's name for the header, e.g. "Rick and Morty".
    var title: String { get }
    /// The lists it offers, in tab order.
    var tabs: [TabSpec] { get }

    /// The request for the first page of `query`'s list.
    func firstPage(for query: ListQuery) -> PageRequest
    /// Reads one page of `query`'s list.
    func decodePage(_ response: HTTPResponse, for request: PageRequest, of query: ListQuery) throws(PageFailure) -> PageContent<Item>

    /// One request for several items of `kind` by id; nil when the API cannot look items up.
    func itemsRequest(_ kind: ItemKind, ids: [Int]) -> HTTPRequest?
    /// The same by key (string and composite keys too: a list spec's `by_keys`); by
    /// default the integer keys' `itemsRequest(_:ids:)`.
    func itemsRequest(_ kind: ItemKind, keys: [RecordKey]) -> HTTPRequest?
    /// Reads the answer to `itemsRequest` (an array, or one object).
    func decodeItems(_ kind: ItemKind, _ response: HTTPResponse) throws(PageFailure) -> [Item]
    /// A record a live feed pushed (`LiveChange.record`) read as one of `kind`'s items, as
    /// a page would have read it; nil when it cannot be (by default: `decodeItems` of it).
    func liveItem(_ kind: ItemKind, record: JSONSpan) -> Item?

    /// The request for what a followed link names (any API: a URL in an item), nil when
    /// the source follows no URLs or the link is not one it may ask (another origin).
    func linkRequest(_ link: ItemLink) -> HTTPRequest?
    /// Reads the answer to `linkRequest`: the item there (an object, or one page of a list).
    func decodeLink(_ link: ItemLink, _ response: HTTPResponse) throws(PageFailure) -> Item

    /// Where `item`'s picture is (a character's avatar, a Pokémon's sprite, a row's image
    /// column), with the headers it may carry; nil when it has none, or when it is on a
    /// host the source does not name (never an arbitrary host from an answer). A pure
    /// function of the item: the same item always names the same picture.
    func pictureRequest(for item: Item) -> HTTPRequest?
}

/// The built-in APIs name their links by kind and id (`LinkTarget.item`): they follow no URL.
extension Source {
    public func itemsRequest(_ kind: ItemKind, keys: [RecordKey]) -> HTTPRequest? {
        let ids = keys.compactMap(\.number)
        return ids.count == keys.count ? itemsRequest(kind, ids: ids) : nil
    }

    public func linkRequest(_ link: ItemLink) -> HTTPRequest? { nil }
    public func decodeLink(_ link: ItemLink, _ response: HTTPResponse) throws(PageFailure) -> Item {
        throw PageFailure(.malformed, "this source follows no links")
    }
}

/// One list a source offers: its kind, its tab title, and the filters its server takes.
public struct TabSpec: Sendable, Hashable {
    public var kind: ItemKind
    /// The tab's title, e.g. "Characters".
    public var title: String
    /// The filter behind `/` (a name search), if the list has one.
    public var searchKey: String?
    /// The filters of the `f` form, in the server's order (the search key excluded).
    public var filters: [FilterSpec]

    public init(kind: ItemKind, title: String, searchKey: String? = "name", filters: [FilterSpec] = []) {
        self.kind = kind
        self.title = title
        self.searchKey = searchKey
        self.filters = filters
    }

    /// Every filter key the list takes: the search key, then the form's.
    public var filterKeys: [String] { (searchKey.map { [$0] } ?? []) + filters.map(\.key) }

    /// The tab `name` names in `tabs` (its title, its kind, or either's plural, any
    /// case): how `--tab` and `portal list RESOURCE` pick a list.
    public static func index(of name: String, in tabs: [TabSpec]) -> Int? {
        let wanted = name.lowercased()
        return tabs.firstIndex { spec in
            let kind = spec.kind.rawValue.lowercased()
            return [spec.title.lowercased(), kind, kind + "s"].contains(wanted)
        }
    }
}

/// One server-side filter: its query key, its label, and the values it takes when the
/// server knows only a few (status, gender); free text otherwise.
public struct FilterSpec: Sendable, Hashable {
    public var key: String
    public var label: String
    public var choices: [String]?
    /// An example for a free-text field, e.g. "S03".
    public var example: String?

    public init(key: String, label: String, choices: [String]? = nil, example: String? = nil) {
        self.key = key
        self.label = label
        self.choices = choices
        self.example = example
    }
}
