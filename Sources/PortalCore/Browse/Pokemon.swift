/// A Pokémon as the browser holds it. PokeAPI's list gives only a name and a URL (the
/// number is read from it); the detail (`/pokemon/{id}/`) gives types, height, weight and
/// base experience. One type for both, so a list item and its detail share an `ItemKey`
/// and the detail can replace the summary wherever it is known.
public struct Pokemon: Sendable, Hashable, Identifiable {
    public var id: Int
    public var name: String
    /// The detail, once fetched (nil for a list entry).
    public var record: PokemonRecord?

    public init(_ summary: PokemonSummary) {
        id = summary.id
        name = summary.name
        record = nil
    }

    public init(_ record: PokemonRecord) {
        id = record.id
        name = record.name
        self.record = record
    }
}
