import PortalCore
import PortalDemoModels

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
