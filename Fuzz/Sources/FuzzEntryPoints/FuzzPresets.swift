import PortalCore
import PortalDemoModels
import PortalPresets

// Compiled three times: into the fuzz package's FuzzEntryPoints and, through symlinks,
// into PortalCoreTests and PortalCacheTests, whose replays decode through these pages.

/// The built-in presets' lists paged as their files say (Sources/PortalConfig/Presets/*.toml:
/// the fuzz package links no config reader, so the tables are written here;
/// `FuzzPresetsMatchTheFilesTests` checks they are the files' own).
public enum FuzzPresets {
    public static let rickAndMortyPaging = PagingSpec(style: "next", names: ["next": "info.next", "page": "page", "total": "info.count"],
                                                   pastEnd: PastEnd(status: 404, error: "There is nothing here"))
    public static let pokeAPIPaging = PagingSpec(style: "offset", names: ["offset": "offset", "limit": "limit", "total": "count"])
    public static let postgRESTPaging = PagingSpec(style: "range", names: ["total": "header:Content-Range"])

    /// A Rick and Morty list read as typed models.
    public static func rickAndMorty<Item: APIDecodable>(_ base: BaseURL, _ request: APIRequest) -> PresetPages<Item> {
        .rickAndMorty(baseURL: base, request: request, items: ["results"], paging: rickAndMortyPaging, reader: .apiDecodable)
    }

    /// PokeAPI's Pokémon list read as typed models.
    public static func pokeAPI<Item: Decodable>(_ base: BaseURL) -> PresetPages<Item> {
        .pokeAPI(baseURL: base, path: "pokemon", items: ["results"], paging: pokeAPIPaging, reader: .decodable)
    }
}
