import Foundation
import PortalCore

/// One dialect's emulated server: a pure function from a GET below the API root to the
/// answer the real server would give. The snapshot transport and the mirror both answer
/// through it, so a dialect's behaviour is written once.
public protocol DialectRules: Sendable {
    /// `path` is below the API root (`/character/?page=2` has path `/character/`), `query`
    /// the decoded query in the order it was sent, `headers` the request's (any case).
    func respond(path: String, query: [(key: String, value: String)], headers: [String: String]) -> HTTPResponse
    /// Any method, with the request's body. The default answers GET and HEAD as above
    /// and refuses the rest (405); PostgREST's functions (`rpc/NAME`) take POSTs.
    func respond(method: String, path: String, query: [(key: String, value: String)], headers: [String: String], body: Data?) -> HTTPResponse
}

extension DialectRules {
    public func respond(method: String, path: String, query: [(key: String, value: String)], headers: [String: String], body: Data?) -> HTTPResponse {
        guard method == "GET" || method == "HEAD" else {
            var response = RickAndMortyRules.error(405, "Method Not Allowed")
            response.headers["allow"] = "GET, HEAD"
            return response
        }
        return respond(path: path, query: query, headers: headers)
    }
}

/// What the emulated servers serve, read once from the data folder: the Rick and Morty
/// objects (with the characters table, which the mirror may scale) and the Pokémon.
public struct ServedData: Sendable {
    public var rickAndMorty: RickAndMortyData
    public var characters: any ItemTable<Character>
    public var pokemon: [PokemonRecord]
    /// `DATA/pokeapi/sprites`, the Pokémon sprites served; nil serves none.
    public var pokemonSprites: String?

    public init(rickAndMorty: RickAndMortyData, characters: any ItemTable<Character>, pokemon: [PokemonRecord],
                pokemonSprites: String? = nil) {
        self.rickAndMorty = rickAndMorty
        self.characters = characters
        self.pokemon = pokemon
        self.pokemonSprites = pokemonSprites
    }
}

/// Where the mirror serves a dialect: requests whose path is `claims` or below it are
/// answered by the dialect's rules with `mount` taken off the front, links under the
/// public root plus `linkSuffix`.
public struct MirrorMount: Sendable {
    /// The path the route answers (`/api/v2/pokemon`): that path and everything below it.
    public var claims: String
    /// The API root's path on the mirror (`/api/v2`), taken off before the rules see it.
    public var mount: String
    /// Whether `--require-key` guards the route (as on Supabase).
    public var needsKey: Bool
    /// The rules, given the data and the root links are built under.
    public var serve: @Sendable (ServedData, _ publicRoot: BaseURL) -> any DialectRules

    public init(claims: String, mount: String, needsKey: Bool = false,
                serve: @escaping @Sendable (ServedData, _ publicRoot: BaseURL) -> any DialectRules) {
        self.claims = claims
        self.mount = mount
        self.needsKey = needsKey
        self.serve = serve
    }

    /// Whether `path` is this route's.
    public func matches(_ path: String) -> Bool { path == claims || path.hasPrefix(claims + "/") }
}
