import Foundation

/// PokeAPI (or the mirror and the snapshot, which answer the same way): one tab of
/// Pokémon, paged by `offset`/`limit`, each looked up by `/pokemon/{id}/`.
///
/// The list names only names and URLs, so a page is one request and a card shows a name
/// and a number; the pane of one Pokémon asks for its detail (types, height, weight, base
/// experience and the sprite's address). PokeAPI has no multi-id lookup: `itemsRequest`
/// answers one id only, and nothing in the browser asks a Pokémon source for several.
public struct PokeAPISource: AddressableSource {
    /// The API root, e.g. `https://pokeapi.co/api/v2`, without a trailing slash.
    public let baseURL: BaseURL
    /// `limit` of every page (`--page-size`).
    public let pageSize: Int
    /// `--header` and the API key, sent to the API (never to a sprite on another server).
    public let headers: RequestHeaders

    public init(baseURL: BaseURL, pageSize: Int = APIKind.defaultPageSize, headers: RequestHeaders = RequestHeaders()) {
        self.baseURL = baseURL
        self.pageSize = PageSize.clamped(pageSize)
        self.headers = headers
    }

    public var title: String { "PokeAPI" }

    /// PokeAPI's list takes no filters: no search, no form.
    public var tabs: [TabSpec] { [TabSpec(kind: .pokemon, title: "Pokémon", searchKey: nil)] }

    private var pages: PresetPages<PokemonSummary> {
        .pokeAPI(baseURL: baseURL, path: "pokemon", limit: pageSize, headers: headers)
    }

    public func firstPage(for query: ListQuery) -> PageRequest { pages.firstPage }

    public func decodePage(_ response: HTTPResponse, for request: PageRequest, of query: ListQuery) throws(PageFailure) -> PageContent<Item> {
        try pages.decode(response, for: request).map { .pokemon(Pokemon($0)) }
    }

    /// `offset=N×limit` (the dialect's `PageAddress`).
    public func addressablePages(of query: ListQuery) -> (any PageAddressable)? { pages.list }

    /// `/pokemon/{id}/` for exactly one id; nil for several (PokeAPI cannot answer them
    /// in one request, and one request per id would hide a storm behind one effect).
    public func itemsRequest(_ kind: ItemKind, ids: [Int]) -> HTTPRequest? {
        guard kind == .pokemon, ids.count == 1 else { return nil }
        return PokemonDetailRequest(baseURL: baseURL, id: ids[0], headers: headers).http
    }

    public func decodeItems(_ kind: ItemKind, _ response: HTTPResponse) throws(PageFailure) -> [Item] {
        guard kind == .pokemon else { throw PageFailure(.malformed, "no \(kind) in PokeAPI") }
        // The answer does not say which id was asked; the pane checks that it got its own.
        let record = try PokemonDetailRequest.record(from: response)
        return [.pokemon(Pokemon(record))]
    }

    /// A Pokémon's sprite, named from its number (`PokeAPISprites`), so a card from a list
    /// page (which names no sprite) has it too. On another server than the API's it is
    /// asked for without the API's headers, so the key stays home.
    public func pictureRequest(for item: Item) -> HTTPRequest? {
        guard case .pokemon(let p) = item, let url = URL(string: PokeAPISprites.url(id: p.id, baseURL: baseURL.text)) else { return nil }
        let sameServer = SplitURL(url.absoluteString)?.origin == SplitURL(baseURL.text)?.origin
        return HTTPRequest(url: url, headers: sameServer ? headers.applied(to: [:]) : [:])
    }
}

