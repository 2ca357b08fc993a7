import Foundation
import PortalCore
import PortalCurl
import PortalTestSupport
@testable import PortalMirror
import Synchronization
import Testing

/// Starts mirrors in-process on a free port and talks to them over real HTTP.
enum Mirror {
    /// `PORTAL_DATA`, or `../shared/data` next to the package.
    static let dataFolder: String = {
        if let env = ProcessInfo.processInfo.environment["PORTAL_DATA"], !env.isEmpty { return env }
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return package.deletingLastPathComponent().appendingPathComponent("shared/data").path
    }()

    /// The snapshot, read once for all tests.
    static let data: MirrorData = {
        do {
            return try MirrorData.load(folder: dataFolder)
        } catch {
            fatalError("cannot load the test data from \(dataFolder): \(error)")
        }
    }()

    /// Runs `body` against a fresh mirror on 127.0.0.1:0 and stops it afterwards.
    @discardableResult
    static func with<T>(
        scale: Int? = nil, faults: FaultSettings = FaultSettings(), requireKey: String? = nil,
        _ body: (RunningMirror) async throws -> T
    ) async throws -> T {
        try await MirrorServer.with(.inProcess { options in
            options.scale = scale
            options.faults = faults
            options.requireKey = requireKey
        }, data: data, body)
    }

    static let transport = CurlTransport()

    /// One GET of `path` (raw, may hold a query) with optional headers.
    static func get(_ mirror: RunningMirror, _ path: String, headers: [String: String] = [:]) async throws -> HTTPResponse {
        guard let url = URL(string: mirror.origin + path) else { throw TestFailure("bad URL \(path)") }
        return try await transport.send(HTTPRequest(url: url, headers: headers))
    }
}

extension HTTPResponse {
    func json() throws -> Any { try JSONSerialization.jsonObject(with: body) }

    func object() throws -> [String: Any] {
        guard let object = try json() as? [String: Any] else { throw TestFailure("not an object: \(text.prefix(200))") }
        return object
    }

    func array() throws -> [[String: Any]] {
        guard let array = try json() as? [[String: Any]] else { throw TestFailure("not an array: \(text.prefix(200))") }
        return array
    }
}
