import PortalCore

/// The lists the built-in preset files name, as kinds: rickandmorty.toml's `character`,
/// `episode` and `location`, pokeapi.toml's and postgrest.toml's `pokemon`. They live
/// with the presets because the engine knows no API's lists; these sources (and the
/// emulated servers and tests) are the only code that names them.
extension ItemKind {
    public static let character = ItemKind(rawValue: "character")
    public static let episode = ItemKind(rawValue: "episode")
    public static let location = ItemKind(rawValue: "location")
    public static let pokemon = ItemKind(rawValue: "pokemon")
}
