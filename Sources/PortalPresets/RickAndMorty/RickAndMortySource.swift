import Foundation
import PortalCore
import PortalJSON
import PortalPaging

/// The Rick and Morty API (or the offline snapshot, which answers the same way): three
/// tabs — characters, episodes, locations — with the server's own filters, multi-id
/// lookups (`/episode/1,2,3`) and avatars. Its records are shown as its preset file says
/// (`lists`, Presets/rickandmorty.toml in PortalConfig): cards, details, related lists and
/// the picture field; no type of its own.
public struct RickAndMortySource: Source {
    /// The API root, e.g. `https://rickandmortyapi.com/api`, without a trailing slash.
    public let baseURL: BaseURL
    /// `--header` and the API key, sent with every request (pages, lookups, avatars: all
    /// under `baseURL`).
    public let headers: RequestHeaders
    /// Each list's spec, from the preset file (`BuiltInPresets.rickAndMorty`).
    public let lists: PresetLists
    /// Each list's card choice under `baseURL`, shared by its records.
    let cards: [ItemKind: JSONCardChoice]
    /// `baseURL` with a trailing slash (a relative picture URL resolves under it), its
    /// origin, the only one pictures are asked from, and that origin as text ending in `/`
    /// (an absolute picture URL that starts with it is on it): made once, pictures are
    /// named on the UI thread.
    private let root: URL?
    private let origin: Origin?
    private let originPrefix: String?

    public init(baseURL: BaseURL, headers: RequestHeaders = RequestHeaders(), lists: PresetLists = PresetLists()) {
        self.baseURL = baseURL
        self.headers = headers
        self.lists = lists
        self.cards = lists.cards(base: baseURL)
        self.root = URL(string: baseURL.text + "/")
        self.origin = SplitURL(baseURL.text)?.origin
        self.originPrefix = Self.originPrefix(of: baseURL.text)
    }

    /// The page strategy of `query`'s list, paged and read as the preset file says (its
    /// list's `paging` and `items`; a source given no file reads one page), its items read
    /// by `reader` (the item type enters no URL).
    func pages<Model>(_ query: ListQuery, reader: PresetItemReader<Model>) -> PresetPages<Model> {
        let resource = Self.resource(query.kind) ?? .character
        return .rickAndMorty(baseURL: baseURL, request: APIRequest.list(resource, filters: query.pairs),
                             items: lists.itemsPath(of: resource.rawValue),
                             paging: lists.paging(of: resource.rawValue) ?? PagingSpec(style: NoPaging.name), headers: headers, reader: reader)
    }

    /// The card choice of `kind`'s records: the preset's, else one with no spec.
    func card(_ kind: ItemKind) -> JSONCardChoice {
        cards[kind] ?? JSONCardChoice(fields: nil, linkOrigin: URL(string: baseURL.text).flatMap(JSONLinks.origin(of:)))
    }

    public var title: String { "Rick and Morty" }

    /// One tab per resource, its search and filters as its preset file's list says them
    /// (`search`, `filters`): the `/` search, and the rest in the `f` form (fields with
    /// choices first).
    public var tabs: [TabSpec] {
        [Resource.character, .episode, .location].map { resource in
            let spec = lists.specs[resource.rawValue] ?? ListSpec()
            return TabSpec(kind: ItemKind(rawValue: resource.rawValue), title: resource.title, searchKey: spec.search, filters: spec.formFilters)
        }
    }

    /// The API's resource for a kind; nil for a kind this API does not have.
    static func resource(_ kind: ItemKind) -> Resource? { Resource(rawValue: kind.rawValue) }

    public func firstPage(for query: ListQuery) -> PageRequest {
        // An unknown kind lists characters: the tabs never name one, so this is a guard only.
        pages(query, reader: .records(card(query.kind))).firstPage
    }

    public func decodePage(_ response: HTTPResponse, for request: PageRequest, of query: ListQuery) throws(PageFailure) -> PageContent<Item> {
        let kind = Self.resource(query.kind).map { ItemKind(rawValue: $0.rawValue) } ?? .character
        return try pages(query, reader: .records(card(kind))).decode(response, for: request).map { Item($0, kind: kind) }
    }

    public func itemsRequest(_ kind: ItemKind, ids: [Int]) -> HTTPRequest? {
        guard let resource = Self.resource(kind), !ids.isEmpty else { return nil }
        return HTTPRequest(url: APIRequest.items(resource, ids: ids).url(base: baseURL), headers: headers.applied(to: [:]))
    }

    public func decodeItems(_ kind: ItemKind, _ response: HTTPResponse) throws(PageFailure) -> [Item] {
        guard (200..<300).contains(response.status) else { throw PageFailure(statusOf: response) }
        guard Self.resource(kind) != nil else { throw PageFailure(.malformed, "no \(kind) in this API") }
        // An array for several ids (and for `[n]`); a server that answers one id with an
        // object is read too.
        return try Record.records(response.body, card: card(kind)).map { Item($0, kind: kind) }
    }

    /// `scheme://host[:port]/` of `base` as written (`https://rickandmortyapi.com/`); nil
    /// for a base that is not http(s).
    static func originPrefix(of base: String) -> String? {
        guard base.hasPrefix("http://") || base.hasPrefix("https://"), let scheme = base.range(of: "://") else { return nil }
        let rest = base[scheme.upperBound...]
        return String(base[..<(rest.firstIndex(of: "/") ?? base.endIndex)]) + "/"
    }

    /// A pushed record is read as a lookup's answer is, when it is whole: a change naming
    /// only some fields (`ListSpec.isWhole`) is not the record (the list keeps its own).
    public func liveItem(_ kind: ItemKind, record: JSONSpan) -> Item? {
        card(kind).spec.isWhole(record) ? itemLookedUp(kind, record: record) : nil
    }

    /// The picture the record's list names (`card.picture`: a character's `image`), only
    /// on the API's own server (never an arbitrary host from an answer), sent with its
    /// headers as every request to it is.
    public func pictureRequest(for item: Item) -> HTTPRequest? {
        let record = item.record
        guard let picture = record.card.spec.card?.picture, let root else { return nil }
        // The common case, a field holding an absolute URL on the API's origin, without
        // parsing the URL twice (`SpecValues.picture` for the rest: templates, relative URLs).
        if let originPrefix, case .string(let text)? = record.row[picture], text.hasPrefix(originPrefix),
           text.utf8.count <= ByKeys.maxURLBytes, let url = URL(string: text) {
            return HTTPRequest(url: url, headers: headers.applied(to: [:]))
        }
        guard let url = SpecValues.picture(picture, in: record.row, listURL: root),
              let origin, SplitURL(url.absoluteString)?.origin == origin else { return nil }
        return HTTPRequest(url: url, headers: headers.applied(to: [:]))
    }
}
