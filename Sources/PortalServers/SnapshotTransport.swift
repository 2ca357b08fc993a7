import Foundation
import PortalCore

/// The offline source: answers HTTP requests from the data snapshot with the real
/// server's behaviour, so the pagination engine and the UI cannot tell it from the API.
///
/// It speaks the dialect it is made for, through the same rules the mirror serves:
/// `RickAndMortyRules` (`DATA/rickandmorty/`), `PokeAPIRules` (`DATA/pokeapi/pokemon.json`)
/// or `PostgRESTRules` (the tables `characters`, `episodes`, `locations` and `pokemon`,
/// Rick and Morty links under `defaultBaseURL` as in a Supabase copy of the API).
public final class SnapshotTransport: Transport {
    public static let defaultBaseURL = "https://rickandmortyapi.com/api"
    /// Where the PokeAPI snapshot's links point.
    public static let pokeAPIBaseURL = "https://pokeapi.co/api/v2"
    /// Where the PostgREST snapshot pretends to be (a Supabase project's REST root).
    public static let postgRESTBaseURL = "https://snapshot.supabase.co/rest/v1"

    /// The API root the snapshot of `api` answers under by default.
    public static func defaultBaseURL(for api: APIKind) -> String {
        switch api {
        case .rickAndMorty: defaultBaseURL
        case .pokeAPI: pokeAPIBaseURL
        case .postgREST: postgRESTBaseURL
        }
    }

    private enum Dialect {
        case rickAndMorty(RickAndMortyRules)
        case pokeAPI(PokeAPIRules)
        case postgREST(PostgRESTRules)
    }

    public let api: APIKind
    private let dialect: Dialect
    private let origin: Origin
    private let rootPath: String

    /// Loads what `api` needs from `dataFolder`; links in answers point at `baseURL`
    /// (by default the real service's root, `defaultBaseURL(for:)`).
    public init(dataFolder: String, api: APIKind = .rickAndMorty, baseURL: String? = nil) throws {
        let baseURL = baseURL ?? Self.defaultBaseURL(for: api)
        guard let split = SplitURL(baseURL) else { throw PortalError.invalidBaseURL(baseURL) }
        origin = split.origin
        rootPath = split.path.hasSuffix("/") ? String(split.path.dropLast()) : split.path
        self.api = api
        switch api {
        case .rickAndMorty:
            dialect = .rickAndMorty(RickAndMortyRules(data: try RickAndMortyData.load(dataFolder: dataFolder), baseURL: baseURL))
        case .pokeAPI:
            dialect = .pokeAPI(PokeAPIRules(baseURL: baseURL, pokemon: try PokemonRecord.load(dataFolder: dataFolder),
                                            spritesFolder: PokemonRecord.spritesFolder(dataFolder: dataFolder)))
        case .postgREST:
            let data = try RickAndMortyData.load(dataFolder: dataFolder)
            dialect = .postgREST(PostgRESTRules(
                rickAndMorty: data, characters: ArrayTable(data.characters),
                pokemon: try PokemonRecord.load(dataFolder: dataFolder), baseURL: Self.defaultBaseURL))
        }
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try answer(request)
    }

    /// The synchronous core of `send`, for callers that need no suspension.
    public func answer(_ request: HTTPRequest) throws -> HTTPResponse {
        let text = request.url.absoluteString
        // PokeAPI's sprites live in its sprite repository (`PokeAPISprites`): served too.
        if case .pokeAPI(let rules) = dialect, let split = SplitURL(text),
           let file = Self.spriteFile(split, root: PokeAPISprites.root(baseURL: rules.baseURL)) {
            return rules.sprite(file)
        }
        guard let split = SplitURL(text), split.origin == origin, split.path.hasPrefix(rootPath) else {
            throw TransportError.notServed(text)
        }
        let below = String(split.path.dropFirst(rootPath.count))
        guard below.isEmpty || below.hasPrefix("/") else { throw TransportError.notServed(text) }
        let query = QueryString.pairs(split.query)
        switch dialect {
        case .rickAndMorty(let rules):
            return rules.respond(path: below, query: query)
        case .pokeAPI(let rules):
            return rules.respond(path: below, query: query)
        case .postgREST(let rules):
            let table = QueryString.decode(Substring(below.drop { $0 == "/" }))
            guard !table.isEmpty, !table.contains("/") else { return PokeAPIRules.notFoundResponse() }
            return rules.respond(table: table, query: query, headers: request.headers)
        }
    }

    /// `{id}.png` when `split` is a file right below the sprite root `root` (on another
    /// origin than the API's: the repository's), else nil.
    private static func spriteFile(_ split: SplitURL, root: String) -> String? {
        guard let rootSplit = SplitURL(root), split.origin == rootSplit.origin, split.query.isEmpty,
              split.path.hasPrefix(rootSplit.path + "/") else { return nil }
        let file = String(split.path.dropFirst(rootSplit.path.count + 1))
        return file.contains("/") || file.isEmpty ? nil : file
    }
}
