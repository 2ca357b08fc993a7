import Foundation
import PortalConfig
import PortalCore
import PortalDemoModels
import PortalPresets
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

    /// PokeAPI's list as its preset file writes it (Presets/pokeapi.toml).
    public static let pokeAPILists: PresetLists = {
        do { return try BuiltInPresets.pokeAPI } catch { fatalError("the PokeAPI preset file: \(error)") }
    }()

    /// The PokeAPI source under `base` (the snapshot's root by default), its list from the
    /// preset file, as portal makes it.
    public static func pokeAPI(base: BaseURL = SnapshotTransport.pokeAPIBaseURL, pageSize: Int = APIKind.defaultPageSize,
                               headers: RequestHeaders = RequestHeaders()) -> PokeAPISource {
        PokeAPISource(baseURL: base, pageSize: pageSize, headers: headers, lists: pokeAPILists)
    }

    /// An entry of PokeAPI's list (`{name, url}`) as the source under `base` reads it: a
    /// summary record of the preset's `pokemon` list, its key the number `url` ends in.
    public static func pokemonEntry(_ name: String, url: String, base: BaseURL = SnapshotTransport.pokeAPIBaseURL) -> Item {
        let page = #"{"count":1,"next":null,"results":[{"name":"\#(name)","url":"\#(url)"}]}"#
        let source = pokeAPI(base: base)
        let query = ListQuery(kind: .pokemon)
        do {
            guard let item = try source.decodePage(.json(200, page), for: source.firstPage(for: query), of: query).items.first else { fatalError("no entry") }
            return item
        } catch { fatalError("not a Pokémon entry: \(error)") }
    }

    /// The PostgREST source on the snapshot's Supabase copy of the API, its tables shown as
    /// the preset files say (postgrest.toml, Rick and Morty's lists for its copies), as
    /// portal makes it.
    public static func postgREST(table: String, headers: RequestHeaders = RequestHeaders()) -> PostgRESTSource {
        var source = PostgRESTSource(baseURL: SnapshotTransport.postgRESTBaseURL, table: table, headers: headers)
        do { source.lists = try BuiltInPresets.lists(for: .postgREST) } catch { fatalError("the PostgREST preset file: \(error)") }
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
