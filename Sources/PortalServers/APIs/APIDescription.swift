import PortalCore

/// One API dialect, described once: its name (`--api`), how it is recognised from a
/// base URL, how to make its `Source` (the browser and `portal list` both read lists
/// through it), how the offline snapshot answers in it, and where the mirror serves it.
///
/// Every dialect is one entry of `APIRegistry.all`; nothing else in the program switches
/// over dialects. docs/architecture.md, "Adding an API", lists what a new one touches.
public struct APIDescription: Sendable {
    public var kind: APIKind
    /// The name in messages, e.g. "Rick and Morty".
    public var title: String
    /// The live service (nil when there is none to default to: PostgREST needs `--base-url`).
    public var liveBaseURL: BaseURL?
    /// Where the snapshot's links point.
    public var snapshotBaseURL: BaseURL
    /// The page size when the server fixes it (Rick and Morty's 20); nil when the client
    /// chooses it (`--page-size`).
    public var fixedPageSize: Int?
    public var allowsPageSize: Bool { fixedPageSize == nil }
    /// Whether `--table`, `--where` and `--order` apply (PostgREST).
    public var takesTables: Bool
    /// Whether a base URL is this API's, from its path (lowercased, no trailing slash).
    public var recognises: @Sendable (_ path: String) -> Bool
    /// The source for the browser and `portal list`.
    public var makeSource: @Sendable (SourceSettings) -> any Source
    /// The snapshot's rules for this API, read from `dataFolder`, links under `linksUnder`.
    public var snapshotRules: @Sendable (_ dataFolder: String, _ linksUnder: BaseURL) throws -> any DialectRules
    /// Where the mirror serves it.
    public var mirror: MirrorMount?

    public init(
        kind: APIKind, title: String, liveBaseURL: BaseURL?, snapshotBaseURL: BaseURL, fixedPageSize: Int?,
        takesTables: Bool = false, recognises: @escaping @Sendable (String) -> Bool,
        makeSource: @escaping @Sendable (SourceSettings) -> any Source,
        snapshotRules: @escaping @Sendable (String, BaseURL) throws -> any DialectRules, mirror: MirrorMount?
    ) {
        self.kind = kind
        self.title = title
        self.liveBaseURL = liveBaseURL
        self.snapshotBaseURL = snapshotBaseURL
        self.fixedPageSize = fixedPageSize
        self.takesTables = takesTables
        self.recognises = recognises
        self.makeSource = makeSource
        self.snapshotRules = snapshotRules
        self.mirror = mirror
    }
}
