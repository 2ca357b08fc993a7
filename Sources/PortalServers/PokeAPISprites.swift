import PortalCore

/// Where a Pokémon's sprite is, named from its number, so the snapshot and the mirror
/// serve what the browser asks for (the browser names it by the preset file's card
/// `picture` and `mirror_picture`, Presets/pokeapi.toml, without reading a detail first).
///
/// The real PokeAPI keeps its sprites in the PokeAPI/sprites repository, which its
/// details name (`sprites.front_default`) as
/// `https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon/{id}.png`:
/// that host is the one the PokeAPI preset names besides the API's own. Any other server
/// (the mirror) serves them below the API root, `{base}/sprites/pokemon/{id}.png`. The
/// snapshot, which answers for `https://pokeapi.co/api/v2`, serves the repository's
/// address from `DATA/pokeapi/sprites/{id}.png`.
public enum PokeAPISprites {
    /// The real API's sprite repository root.
    public static let repositoryRoot = "https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon"
    /// The real API's host: its sprites are in the repository above.
    public static let apiHost = "pokeapi.co"

    /// The sprite address for Pokémon `id` of the API at `baseURL`.
    public static func url(id: Int, baseURL: String) -> String {
        "\(root(baseURL: baseURL))/\(id).png"
    }

    /// Where the sprites of the API at `baseURL` are.
    public static func root(baseURL: String) -> String {
        let base = BaseURL(baseURL).text
        if let split = SplitURL(base), split.origin.host.lowercased() == apiHost { return repositoryRoot }
        return base + "/sprites/pokemon"
    }
}
