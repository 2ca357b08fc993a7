import Foundation
import PortalCore
import PortalPresets

/// The built-in APIs' preset files (`Presets/*.toml`, bundled with this target), read by
/// the reader a user's config goes through (`ConfigFile.parse`: the same keys, the same
/// checks, a related list's `by_keys` required), so a preset is the worked example of
/// what any API's config can say. Read once, on first use.
public enum BuiltInPresets {
    /// Rick and Morty's lists (`Presets/rickandmorty.toml`).
    public static var rickAndMorty: PresetLists { get throws(ConfigError) { try lists.rickAndMorty.get() } }
    /// PokeAPI's list (`Presets/pokeapi.toml`).
    public static var pokeAPI: PresetLists { get throws(ConfigError) { try lists.pokeAPI.get() } }

    /// PostgREST's tables (`Presets/postgrest.toml`).
    public static var postgREST: PresetLists { get throws(ConfigError) { try lists.postgREST.get() } }

    /// The lists of the preset `kind` (none for a preset with no file yet). PostgREST's
    /// own, then Rick and Morty's: rows shaped as its records (the Supabase copies) look
    /// as they do.
    public static func lists(for kind: APIKind) throws(ConfigError) -> PresetLists {
        switch kind {
        case .rickAndMorty: try rickAndMorty
        case .postgREST: try postgREST.adding(rickAndMorty)
        case .pokeAPI: try pokeAPI
        default: PresetLists()
        }
    }

    /// The preset file `name` (`rickandmorty`) as text, nil when it is not beside the
    /// executable (`PresetFiles`: never `Bundle.module`, which crashes without it).
    public static func text(_ name: String) -> String? {
        guard let url = PresetFiles.url(name) else { return nil }
        return try? String(contentsOf: url, encoding: .utf8)
    }

    /// The built-in presets' names, as their files and `[apis.NAME]` tables are named.
    public static let names = ["rickandmorty", "pokeapi", "postgrest"]

    /// The preset file `name` as the saved API it describes (`portal apis show rickandmorty`
    /// prints its lists as a user's config would say them); nil for no such preset.
    public static func api(named name: String) throws(ConfigError) -> SavedAPI? {
        guard names.contains(name) else { return nil }
        return try savedAPI(name)
    }

    /// The lists of the API the preset file `name` holds (`[apis.NAME]`, NAME its file's name).
    static func read(_ name: String) throws(ConfigError) -> PresetLists {
        let api = try savedAPI(name)
        return PresetLists(Dictionary(api.lists.map { ($0.name, $0.spec) }, uniquingKeysWith: { first, _ in first }), url: api.url,
                           items: Dictionary(api.lists.compactMap { list in list.items.map { (list.name, $0) } }, uniquingKeysWith: { first, _ in first }),
                           paths: Dictionary(api.lists.map { ($0.name, $0.path) }, uniquingKeysWith: { first, _ in first }))
    }

    /// The preset file `name` read by the config file's reader.
    private static func savedAPI(_ name: String) throws(ConfigError) -> SavedAPI {
        let path = "Presets/\(name).toml (built in)"
        guard let text = text(name) else {
            throw ConfigError(path: path, line: nil, message: "not found in \(PresetFiles.bundleName) beside the portal executable (copy that folder with it)")
        }
        let file = try ConfigFile.parse(text, path: path, othersCanRead: false, reservedNames: [])
        guard let api = file.api(named: name) else { throw ConfigError(path: path, line: nil, message: "no [apis.\(name)] table") }
        return api
    }

    /// Every file, read on first use.
    private struct Read: Sendable {
        let rickAndMorty = Result<PresetLists, ConfigError>(catching: { () throws(ConfigError) in try read("rickandmorty") })
        let pokeAPI = Result<PresetLists, ConfigError>(catching: { () throws(ConfigError) in try read("pokeapi") })
        let postgREST = Result<PresetLists, ConfigError>(catching: { () throws(ConfigError) in try read("postgrest") })
    }
    private static let lists = Read()
}
