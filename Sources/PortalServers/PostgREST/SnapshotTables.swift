import PortalCore
import PortalDemoModels

extension PostgRESTRules {
    /// The tables the mirror and the snapshot serve, as a Supabase project holding a copy
    /// of both APIs would have them: `characters`, `episodes` and `locations` (the Rick and
    /// Morty objects, links under `baseURL`, so a character's links resolve in the other
    /// two tables and back) and `pokemon` (the seed records).
    ///
    /// `characters` is passed on its own so the mirror can serve its synthetic `--scale`
    /// table; episodes and locations are always the snapshot's.
    public init(rickAndMorty data: RickAndMortyData, characters: any ItemTable<Character>, pokemon: [PokemonRecord], baseURL: BaseURL) {
        self.init(tables: [
            "characters": CharacterRows(characters, baseURL: baseURL),
            "episodes": EpisodeRows(ArrayTable(data.episodes), baseURL: baseURL),
            "locations": LocationRows(ArrayTable(data.locations), baseURL: baseURL),
            "pokemon": PokemonRows(pokemon),
        ])
    }
}
