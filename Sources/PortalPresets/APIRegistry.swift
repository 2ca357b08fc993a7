import PortalCore
import PortalPaging

/// Everything portal reads lists with, in one place: the presets (`--api`, the built-in
/// APIs) and the paging dialects `--url` detects among (`PagingDialects`), which the
/// presets' own lists speak too. A new preset is a folder under `Presets/` and one line in
/// `presets`; a new dialect one file in `Paging/Dialects/` and one line in `PagingDialects`.
public enum APIRegistry {
    /// In `--api`'s order; the first is the default.
    public static let presets: [APIPreset] = [.rickAndMorty, .pokeAPI, .postgREST]

    /// The paging dialects `--url` and `--paging` choose among.
    public static var dialects: [any PagingDialect.Type] { PagingDialects.all }

    /// The preset of `kind`; the default's for a name no entry has.
    public static func preset(of kind: APIKind) -> APIPreset {
        presets.first { $0.kind == kind } ?? presets[0]
    }

    /// The preset named `name` (as `--api` takes it), or nil.
    public static func named(_ name: String) -> APIPreset? {
        presets.first { $0.kind.rawValue == name.lowercased() }
    }

    /// The preset a base URL speaks, from its path: the first that recognises it, else the
    /// default (Rick and Morty). A trailing slash and the case do not matter.
    public static func inferred(from baseURL: BaseURL) -> APIPreset {
        let path = (SplitURL(baseURL.text)?.path ?? baseURL.text).lowercased()
        let trimmed = BaseURL(path).text
        return presets.first { $0.recognises(trimmed) } ?? presets[0]
    }
}

