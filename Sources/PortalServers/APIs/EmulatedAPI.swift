import PortalCore
import PortalPresets

/// One preset's emulated server: how the offline snapshot answers for it and where the
/// mirror serves it. The preset itself (its paging, models, settings) is in PortalCore's
/// `APIRegistry`; this is only the server side, found by the preset's `kind`.
public struct EmulatedAPI: Sendable {
    public var kind: APIKind
    /// The snapshot's rules for this API, read from `dataFolder`, links under `linksUnder`.
    public var snapshotRules: @Sendable (_ dataFolder: String, _ linksUnder: BaseURL) throws -> any ServerRules
    /// Where the mirror serves it.
    public var mirror: MirrorMount?

    public init(kind: APIKind, snapshotRules: @escaping @Sendable (String, BaseURL) throws -> any ServerRules, mirror: MirrorMount?) {
        self.kind = kind
        self.snapshotRules = snapshotRules
        self.mirror = mirror
    }

    /// One per preset of `APIRegistry.presets`.
    public static let all: [EmulatedAPI] = [.rickAndMorty, .pokeAPI, .postgREST]

    /// The emulation of `kind`; the default preset's for a kind none has.
    public static func of(_ kind: APIKind) -> EmulatedAPI {
        all.first { $0.kind == kind } ?? all[0]
    }
}

extension APIRegistry {
    /// Everything the mirror serves: each preset's mount, and the paging dialects' routes
    /// (`DialectRoutes`, for `portal --url`).
    public static var mirrorMounts: [MirrorMount] {
        EmulatedAPI.all.compactMap(\.mirror) + [EmulatedAPI.pokeAPISpritesMount, DialectRoutes.mount]
    }
}

extension APIPreset {
    /// The snapshot's rules for this preset (`EmulatedAPI.snapshotRules`).
    public var snapshotRules: @Sendable (_ dataFolder: String, _ linksUnder: BaseURL) throws -> any ServerRules {
        EmulatedAPI.of(kind).snapshotRules
    }

    /// Where the mirror serves this preset.
    public var mirror: MirrorMount? { EmulatedAPI.of(kind).mirror }
}
