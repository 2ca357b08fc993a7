import Foundation
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
}

/// Asks the snapshot for `path` under its API root.
public func get(_ path: String) async throws -> HTTPResponse {
    try await TestData.snapshot.send(HTTPRequest(url: URL(string: TestData.base + path)!))
}
