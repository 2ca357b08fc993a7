import Foundation
import PortalConfig
import PortalCore
import PortalServers

/// Where the shared snapshot lives: `PORTAL_DATA`, else `../shared/data` beside the
/// repository. Read in place, never copied.
public enum TestData {
    /// The repository's root folder (found from this file's path).
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    public static let folder: String = {
        if let env = ProcessInfo.processInfo.environment["PORTAL_DATA"], !env.isEmpty { return env }
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared/data").standardizedFileURL.path
    }()

    /// Loaded once per test process; the snapshot is read-only.
    public static let snapshot: SnapshotTransport = {
        do { return try SnapshotTransport(dataFolder: folder) } catch { fatalError("snapshot at \(folder): \(error)") }
    }()

    public static var data: RickAndMortyData { get throws { try RickAndMortyData.load(dataFolder: folder) } }

    /// The API root the snapshot's links are written under.
    public static let base = SnapshotTransport.defaultBaseURL
    public static var baseURL: String { base.text }

    /// Rick and Morty's lists as its preset file writes them (`BuiltInPresets`).
    public static let rickAndMortyLists: PresetLists = {
        do { return try BuiltInPresets.rickAndMorty } catch { fatalError("the Rick and Morty preset file: \(error)") }
    }()

    /// The Rick and Morty source under `base` (the snapshot's root by default), its lists
    /// from the preset file, as portal makes it.
    public static func rickAndMorty(base: BaseURL = base, headers: RequestHeaders = RequestHeaders()) -> RickAndMortySource {
        RickAndMortySource(baseURL: base, headers: headers, lists: rickAndMortyLists)
    }

    /// The PostgREST source on the snapshot's Supabase copy of the API, its rows shaped as
    /// Rick and Morty's records shown as the preset file says, as portal makes it.
    public static func postgREST(table: String, headers: RequestHeaders = RequestHeaders()) -> PostgRESTSource {
        var source = PostgRESTSource(baseURL: SnapshotTransport.postgRESTBaseURL, table: table, headers: headers)
        source.lists = rickAndMortyLists
        return source
    }

    /// A Rick and Morty model as portal holds it: its JSON as the API serves it, read as
    /// one record of `kind`'s list by the preset's source.
    public static func record<Model: APIEncodable>(_ model: Model, _ kind: ItemKind) -> Item {
        let body = Data(("[" + APIJSONEncoding(baseURL: base).line(model) + "]").utf8)
        do {
            guard let item = try rickAndMorty().decodeItems(kind, HTTPResponse(status: 200, body: body)).first else { fatalError("no record") }
            return item
        } catch { fatalError("not a \(kind) record: \(error)") }
    }
}

/// Asks the snapshot for `path` under its API root.
public func get(_ path: String) async throws -> HTTPResponse {
    try await TestData.snapshot.send(HTTPRequest(url: URL(string: TestData.base + path)!))
}
