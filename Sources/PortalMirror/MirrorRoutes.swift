import Foundation
import PortalCore
import PortalServers

/// Every dialect of `APIRegistry` behind one dispatcher, a pure function from a request to
/// an answer (the HTTP server, faults and logging wrap it). Each dialect's
/// `APIDescription.mirror` says which paths it claims; the longest claim wins:
///
/// - `/api/v2/pokemon…` → PokeAPI (`PokeAPIRules`), links under `PUBLIC/v2`;
/// - `/api/v2/sprites/pokemon/{id}.png` → a Pokémon's sprite (`DATA/pokeapi/sprites`);
/// - `/api…` → the Rick and Morty API (`RickAndMortyRules`), links under `PUBLIC`;
/// - `/rest/v1/<table>` → PostgREST (`PostgRESTRules`): `characters`, `episodes`,
///   `locations` (links under `PUBLIC`) and `pokemon`, behind the key check when
///   `--require-key` is given;
/// - anything else → 404 `{"error":"There is nothing here"}`.
public struct MirrorRoutes: Sendable {
    /// One served dialect: where, and its rules.
    struct Route: Sendable {
        let mount: MirrorMount
        let rules: any DialectRules
    }

    let routes: [Route]
    /// The public Rick and Morty root the links are built under.
    public let publicRoot: BaseURL
    /// `--require-key`: the routes that need a key answer 401 without it (as on Supabase).
    public let keyGate: APIKeyGate?

    /// `publicURL` is the Rick and Morty API root (e.g. `http://127.0.0.1:8080/api`).
    public init(data: MirrorData, publicURL: String, requireKey: String? = nil) {
        keyGate = requireKey.map(APIKeyGate.init(key:))
        let root = BaseURL(publicURL)
        publicRoot = root
        let characters: any ItemTable<Character> = data.scale.map {
            SyntheticCharacterTable(base: data.rickAndMorty.characters, count: $0)
        } ?? ArrayTable(data.rickAndMorty.characters)
        let served = ServedData(rickAndMorty: data.rickAndMorty, characters: characters, pokemon: data.pokemon,
                                pokemonSprites: data.pokemonSprites)
        routes = APIRegistry.mirrorMounts
            .sorted { $0.claims.count > $1.claims.count }
            .map { Route(mount: $0, rules: $0.serve(served, root)) }
    }

    /// Answers one request. `target` is the raw request target (`/api/character/?page=2`);
    /// `headers` are the request headers (any case).
    public func respond(method: String, target: String, headers: [String: String]) -> HTTPResponse {
        let path: String
        let query: Substring
        if let mark = target.firstIndex(of: "?") {
            path = String(target[..<mark])
            query = target[target.index(after: mark)...]
        } else {
            path = target
            query = ""
        }
        guard method == "GET" || method == "HEAD" else {
            var response = RickAndMortyRules.error(405, "Method Not Allowed")
            response.headers["allow"] = "GET, HEAD"
            return response
        }
        guard let route = routes.first(where: { $0.mount.matches(path) }) else {
            return RickAndMortyRules.error(404, RickAndMortyRules.nothingHere)
        }
        if route.mount.needsKey, let refusal = keyGate?.refusal(headers: headers) { return refusal }
        return route.rules.respond(path: String(path.dropFirst(route.mount.mount.count)), query: QueryString.pairs(query), headers: headers)
    }
}

/// What the mirror serves, read once from the data folder.
public struct MirrorData: Sendable {
    public var rickAndMorty: RickAndMortyData
    public var pokemon: [PokemonRecord]
    /// Serve this many synthetic characters instead of the real ones.
    public var scale: Int?
    /// `DATA/pokeapi/sprites`, the Pokémon sprites served; nil serves none.
    public var pokemonSprites: String?

    public init(rickAndMorty: RickAndMortyData, pokemon: [PokemonRecord], scale: Int? = nil, pokemonSprites: String? = nil) {
        self.rickAndMorty = rickAndMorty
        self.pokemon = pokemon
        self.scale = scale
        self.pokemonSprites = pokemonSprites
    }

    /// Reads `folder/rickandmorty/` and `folder/pokeapi/pokemon.json`; a missing folder or
    /// file is one `PortalError` naming it.
    public static func load(folder: String, scale: Int? = nil) throws -> MirrorData {
        let rickAndMorty = try RickAndMortyData.load(dataFolder: folder)
        guard !rickAndMorty.characters.isEmpty else {
            throw PortalError.dataFileUnreadable(folder + "/rickandmorty/characters.json", "no characters")
        }
        return MirrorData(rickAndMorty: rickAndMorty, pokemon: try PokemonRecord.load(dataFolder: folder), scale: scale,
                          pokemonSprites: PokemonRecord.spritesFolder(dataFolder: folder))
    }
}
