import PortalCore
import PortalDemoModels

extension EmulatedAPI {
    /// PokeAPI's server: the mirror serves it at `/api/v2/pokemon` and its sprites at
    /// `/api/v2/sprites` (`pokeAPISpritesMount`), links under the public root plus `/v2`.
    public static let pokeAPI = EmulatedAPI(
        kind: .pokeAPI,
        snapshotRules: { folder, links in
            PokeAPIRules(baseURL: links, pokemon: try PokemonRecord.load(dataFolder: folder),
                         spritesFolder: PokemonRecord.spritesFolder(dataFolder: folder))
        },
        mirror: MirrorMount(claims: "/api/v2/pokemon", mount: "/api/v2") { data, root in
            PokeAPIRules(baseURL: BaseURL(root + "/v2"), pokemon: data.pokemon, spritesFolder: data.pokemonSprites)
        }
    )

    /// The mirror's `/api/v2/sprites/pokemon/{id}.png`: the same rules, below the same root.
    public static let pokeAPISpritesMount = MirrorMount(claims: "/api/v2/sprites", mount: "/api/v2") { data, root in
        PokeAPIRules(baseURL: BaseURL(root + "/v2"), pokemon: data.pokemon, spritesFolder: data.pokemonSprites)
    }
}

extension PokeAPIRules: ServerRules {
    public func respond(path: String, query: [(key: String, value: String)], headers: [String: String]) -> HTTPResponse {
        respond(path: path, query: query)
    }
}
