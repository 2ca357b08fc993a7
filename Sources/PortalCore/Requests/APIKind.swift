/// The name of a preset, as `--api` takes it (`rickandmorty`, `pokeapi`, `postgrest`). A
/// string underneath, like `ItemKind`: what a preset is — its paging dialect, how it is
/// inferred, its `Source` — is its `APIPreset` in `APIRegistry` (and its snapshot rules and
/// mirror routes its `EmulatedAPI` in PortalServers), so a new preset adds a name there,
/// not a case to switches across the program.
public struct APIKind: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let rickAndMorty = APIKind(rawValue: "rickandmorty")
    public static let pokeAPI = APIKind(rawValue: "pokeapi")
    public static let postgREST = APIKind(rawValue: "postgrest")

    public var description: String { rawValue }

    /// The page size when none is asked for (each API's own default).
    public static let defaultPageSize = 20

    /// The largest `--page-size` portal asks for (PokeAPI and PostgREST take more, but a
    /// page is drawn at once and must stay small).
    public static let pageSizeRange = 1...100
}
