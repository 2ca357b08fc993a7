import Foundation
import Synchronization

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
    private let sprites = SpriteAddresses()

    public init(baseURL: BaseURL, pageSize: Int = APIKind.defaultPageSize, headers: RequestHeaders = RequestHeaders()) {
        self.baseURL = baseURL
        self.pageSize = PageSize.clamped(pageSize)
        self.headers = headers
    }

    public var title: String { "PokeAPI" }

    /// PokeAPI's list takes no filters: no search, no form.
    public var tabs: [TabSpec] { [TabSpec(kind: .pokemon, title: "Pokémon", searchKey: nil)] }

    private var pages: OffsetLimitPages<PokemonSummary> {
        OffsetLimitPages(baseURL: baseURL, path: "pokemon", limit: pageSize, headers: headers)
    }

    public func firstPage(for query: ListQuery) -> PageRequest { pages.firstPage }

    public func decodePage(_ response: HTTPResponse, for request: PageRequest, of query: ListQuery) throws(PageFailure) -> PageContent<Item> {
        try pages.decode(response, for: request).map { .pokemon(Pokemon($0)) }
    }

    public func pageSize(of query: ListQuery) -> Int { pages.pageSize }

    public func request(forPage index: Int, of query: ListQuery) -> PageRequest? { pages.request(forPage: index) }

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
        if let text = record.spriteURL { sprites.remember(text, for: record.id) }
        return [.pokemon(Pokemon(record))]
    }

    /// The sprite a fetched detail named (`sprites.front_default`); nil before the detail,
    /// or when it has none (the mirror and the snapshot serve none). A sprite elsewhere
    /// than the API's server is asked for without the API's headers, so the key stays home.
    public func avatarRequest(avatarID: Int32) -> HTTPRequest? {
        guard let url = sprites.url(for: Int(avatarID)) else { return nil }
        let sameServer = SplitURL(url.absoluteString)?.origin == SplitURL(baseURL.text)?.origin
        return HTTPRequest(url: url, headers: sameServer ? headers.applied(to: [:]) : [:])
    }
}

/// Sprite addresses read from Pokémon details, by id, so the picture effect (which
/// carries only a number) can be answered with the address the server gave. Only http(s)
/// addresses are kept.
final class SpriteAddresses: Sendable {
    private let urls = Mutex<[Int: URL]>([:])

    func remember(_ text: String, for id: Int) {
        guard SplitURL(text) != nil, let url = URL(string: text) else { return }
        urls.withLock { $0[id] = url }
    }

    func url(for id: Int) -> URL? { urls.withLock { $0[id] } }
}
