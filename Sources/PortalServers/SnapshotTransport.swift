import Foundation
import PortalCore
import PortalPresets

/// The offline source: answers HTTP requests from the data snapshot with the real
/// server's behaviour, so the pagination engine and the UI cannot tell it from the API.
///
/// It speaks the dialect it is made for, through the same rules the mirror serves:
/// `RickAndMortyRules` (`DATA/rickandmorty/`), `PokeAPIRules` (`DATA/pokeapi/pokemon.json`)
/// or `PostgRESTRules` (the tables `characters`, `episodes`, `locations` and `pokemon`,
/// Rick and Morty links under `defaultBaseURL` as in a Supabase copy of the API).
public final class SnapshotTransport: Transport {
    public static let defaultBaseURL = APIPreset.rickAndMorty.snapshotBaseURL
    /// Where the PokeAPI snapshot's links point.
    public static let pokeAPIBaseURL = APIPreset.pokeAPI.snapshotBaseURL
    /// Where the PostgREST snapshot pretends to be (a Supabase project's REST root).
    public static let postgRESTBaseURL = APIPreset.postgREST.snapshotBaseURL

    /// The API root the snapshot of `api` answers under by default.
    public static func defaultBaseURL(for api: APIKind) -> BaseURL {
        APIRegistry.preset(of: api).snapshotBaseURL
    }

    public let api: APIKind
    private let rules: any ServerRules
    private let origin: Origin
    private let rootPath: String
    /// PokeAPI's rules and its sprite root (its sprite repository), parsed once; nil for
    /// other APIs.
    private let sprites: (rules: PokeAPIRules, root: SplitURL)?

    /// Loads what `api` needs from `dataFolder` (its `APIPreset.snapshotRules`);
    /// links in answers point at `baseURL` (by default the real service's root,
    /// `defaultBaseURL(for:)`).
    public init(dataFolder: String, api: APIKind = .rickAndMorty, baseURL: BaseURL? = nil) throws {
        let baseURL = baseURL ?? Self.defaultBaseURL(for: api)
        guard let split = SplitURL(baseURL.text) else { throw PortalError.invalidBaseURL(baseURL.text) }
        origin = split.origin
        rootPath = BaseURL(split.path).text
        self.api = api
        rules = try EmulatedAPI.of(api).snapshotRules(dataFolder, baseURL)
        sprites = (rules as? PokeAPIRules).flatMap { pokeAPI in
            SplitURL(PokeAPISprites.root(baseURL: pokeAPI.baseURL.text)).map { (pokeAPI, $0) }
        }
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try answer(request)
    }

    /// The synchronous core of `send`, for callers that need no suspension.
    public func answer(_ request: HTTPRequest) throws -> HTTPResponse {
        let text = request.url.absoluteString
        guard let split = SplitURL(text) else { throw TransportError.notServed(text) }
        // PokeAPI's sprites live in its sprite repository (`PokeAPISprites`): served too.
        if let sprites, let file = Self.spriteFile(split, root: sprites.root) {
            return sprites.rules.sprite(file)
        }
        guard split.origin == origin, split.path.hasPrefix(rootPath) else {
            throw TransportError.notServed(text)
        }
        let below = String(split.path.dropFirst(rootPath.count))
        guard below.isEmpty || below.hasPrefix("/") else { throw TransportError.notServed(text) }
        return rules.respond(method: request.method, path: below, query: QueryString.pairs(split.query), headers: request.headers, body: request.body)
    }

    /// `{id}.png` when `split` is a file right below the sprite root `root`, else nil.
    private static func spriteFile(_ split: SplitURL, root rootSplit: SplitURL) -> String? {
        guard split.origin == rootSplit.origin, split.query.isEmpty,
              split.path.hasPrefix(rootSplit.path + "/") else { return nil }
        let file = String(split.path.dropFirst(rootSplit.path.count + 1))
        return file.contains("/") || file.isEmpty ? nil : file
    }
}
