import Foundation
import PortalCore

/// One API portal knows by name (`--api`): its source and its settings (live and snapshot
/// roots, a fixed page size, whether it takes tables). How its
/// lists look and page is not here but in its preset file (PortalConfig's
/// `Presets/*.toml`, handed to the source as `SourceSettings.presetLists`): each list's
/// `paging` is read by `PagingSpec.reading`, as a user's list is. Its folder under
/// `Presets/` holds its source and how it builds its URLs (the server's filters).
///
/// Why a preset and not a dialect: the paging is the same as any API's (the file names
/// the dialect and its parameters); what a preset adds is knowledge no answer carries —
/// the filters, the pictures, the URLs.
/// The emulated servers (PortalServers) answer for each preset by its `kind`.
public struct APIPreset: Sendable {
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

    public init(
        kind: APIKind, title: String,
        liveBaseURL: BaseURL?, snapshotBaseURL: BaseURL, fixedPageSize: Int?, takesTables: Bool = false,
        recognises: @escaping @Sendable (String) -> Bool, makeSource: @escaping @Sendable (SourceSettings) -> any Source
    ) {
        self.kind = kind
        self.title = title
        self.liveBaseURL = liveBaseURL
        self.snapshotBaseURL = snapshotBaseURL
        self.fixedPageSize = fixedPageSize
        self.takesTables = takesTables
        self.recognises = recognises
        self.makeSource = makeSource
    }
}
