import Foundation
import PortalCore
import PortalPaging

/// PokeAPI (or the mirror and the snapshot, which answer the same way): one tab of
/// Pokémon, paged by `offset`/`limit`, each looked up by its list's `item` route.
///
/// Its records look as its preset file says (`lists`, Presets/pokeapi.toml in
/// PortalConfig): a list page names only `name` and `url` (the key is the number the URL
/// ends in), so its records are summaries — a card shows a name and a number, and the
/// pane of one asks for the whole record (types, height, weight, base experience). PokeAPI
/// has no multi-id lookup: `itemsRequest` answers one key only, and nothing in the
/// browser asks a Pokémon source for several.
public struct PokeAPISource: AddressableSource {
    /// The API root, e.g. `https://pokeapi.co/api/v2`, without a trailing slash.
    public let baseURL: BaseURL
    /// `limit` of every page (`--page-size`).
    public let pageSize: Int
    /// `--header` and the API key, sent to the API (never to a sprite on another server).
    public let headers: RequestHeaders
    /// The list's spec, from the preset file (`BuiltInPresets.pokeAPI`).
    public let lists: PresetLists
    /// The Pokémon list's card choice under `baseURL` (summaries), shared by its records.
    let card: JSONCardChoice

    public init(baseURL: BaseURL, pageSize: Int = APIKind.defaultPageSize, headers: RequestHeaders = RequestHeaders(),
                lists: PresetLists = PresetLists()) {
        self.baseURL = baseURL
        self.pageSize = PageSize.clamped(pageSize)
        self.headers = headers
        self.lists = lists
        self.card = lists.cards(base: baseURL)[.pokemon]
            ?? JSONCardChoice(fields: nil, linkOrigin: URL(string: baseURL.text).flatMap(JSONLinks.origin(of:)))
    }

    public var title: String { "PokeAPI" }

    /// PokeAPI's list takes no filters: no search, no form.
    public var tabs: [TabSpec] { [TabSpec(kind: .pokemon, title: "Pokémon", searchKey: nil)] }

    /// The list paged and read as the preset file says (its `paging` and `items`; a source
    /// given no file reads one page).
    private var pages: PresetPages<Record> {
        .pokeAPI(baseURL: baseURL, path: "pokemon", limit: pageSize, items: lists.itemsPath(of: ItemKind.pokemon.rawValue),
                 paging: lists.paging(of: ItemKind.pokemon.rawValue) ?? PagingSpec(style: NoPaging.name), headers: headers, reader: .records(card))
    }

    public func firstPage(for query: ListQuery) -> PageRequest { pages.firstPage }

    public func decodePage(_ response: HTTPResponse, for request: PageRequest, of query: ListQuery) throws(PageFailure) -> PageContent<Item> {
        try pages.decode(response, for: request).map { Item($0, kind: .pokemon) }
    }

    /// `offset=N×limit` (the dialect's `PageAddress`).
    public func addressablePages(of query: ListQuery) -> (any PageAddressable)? { pages.list }

    /// The list's `item` route (`/pokemon/{key}/`) for exactly one id; nil for several
    /// (PokeAPI cannot answer them in one request, and one request per id would hide a
    /// storm behind one effect).
    public func itemsRequest(_ kind: ItemKind, ids: [Int]) -> HTTPRequest? {
        guard kind == .pokemon, ids.count == 1, let route = card.spec.item,
              let url = URL(string: ByKeys.absolute(route, root: baseURL.text).replacingOccurrences(of: "{key}", with: String(ids[0])))
        else { return nil }
        return HTTPRequest(url: url, headers: headers.applied(to: [:]))
    }

    /// The whole record (an error status, or a body that is not one object, fails).
    public func decodeItems(_ kind: ItemKind, _ response: HTTPResponse) throws(PageFailure) -> [Item] {
        guard kind == .pokemon else { throw PageFailure(.malformed, "no \(kind) in PokeAPI") }
        guard (200..<300).contains(response.status) else { throw PageFailure(statusOf: response) }
        // The answer does not say which id was asked; the pane checks that it got its own.
        let records = try Record.records(response.body, card: card.whole)
        guard records.count == 1 else { throw PageFailure(.malformed, "not one Pokémon") }
        return records.map { Item($0, kind: .pokemon) }
    }

    /// The picture the list's card names (a sprite named from the number, so a card from
    /// a list page has it too). On another server than the API's it is asked for without
    /// the API's headers, so the key stays home.
    public func pictureRequest(for item: Item) -> HTTPRequest? {
        let record = item.record
        return SpecPicture.request(for: record, listURL: pages.list.url, homeHeaders: headers.applied(to: [:]))
    }
}
