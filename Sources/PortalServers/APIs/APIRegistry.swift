import PortalCore

/// Every API dialect portal speaks, one `APIDescription` each. A new dialect is its own
/// file holding its description, and one line here.
public enum APIRegistry {
    /// In `--api`'s order; the first is the default.
    public static let all: [APIDescription] = [.rickAndMorty, .pokeAPI, .postgREST]

    /// Everything the mirror serves: each API's mount, and the paging styles' routes
    /// (`DialectRoutes`, for `portal --url`).
    public static var mirrorMounts: [MirrorMount] { all.compactMap(\.mirror) + [APIDescription.pokeAPISpritesMount, DialectRoutes.mount] }

    /// The description of `kind`; the default's for a name no entry has.
    public static func description(of kind: APIKind) -> APIDescription {
        all.first { $0.kind == kind } ?? all[0]
    }

    /// The entry named `name` (as `--api` takes it), or nil.
    public static func named(_ name: String) -> APIDescription? {
        all.first { $0.kind.rawValue == name.lowercased() }
    }

    /// The API a base URL speaks, from its path: the first entry that recognises it, else
    /// the default (Rick and Morty). A trailing slash and the case do not matter.
    public static func inferred(from baseURL: BaseURL) -> APIDescription {
        let path = (SplitURL(baseURL.text)?.path ?? baseURL.text).lowercased()
        let trimmed = BaseURL(path).text
        return all.first { $0.recognises(trimmed) } ?? all[0]
    }
}
