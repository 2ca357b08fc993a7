import Foundation
import Testing

/// Where the end-to-end tests find what they drive: tmux, the built `portal` binary and
/// the offline snapshot. Nothing here builds anything (`make test` builds the product
/// before `swift test`); when a piece is missing the tests are skipped with a reason.
enum EndToEndEnvironment {
    /// The package root, from this file's path (Tests/PortalEndToEndTests/<file>).
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `tmux` from PATH.
    static let tmux: String? = executableInPath("tmux")

    /// The `portal` binary: `PORTAL_BIN`, else next to the running test bundle (the same
    /// build directory, whatever the scratch path), else `.build/debug/portal`.
    static let portal: String? = {
        var candidates: [String] = []
        if let override = ProcessInfo.processInfo.environment["PORTAL_BIN"] { candidates.append(override) }
        if let me = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            candidates.append(URL(fileURLWithPath: me).deletingLastPathComponent().appendingPathComponent("portal").path)
        }
        if let first = CommandLine.arguments.first {
            candidates.append(URL(fileURLWithPath: first).deletingLastPathComponent().appendingPathComponent("portal").path)
        }
        candidates.append(packageRoot.appendingPathComponent(".build/debug/portal").path)
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// The snapshot folder: `PORTAL_DATA`, else `../shared/data` next to the package.
    static let dataFolder: String? = {
        let path = ProcessInfo.processInfo.environment["PORTAL_DATA"]
            ?? packageRoot.deletingLastPathComponent().appendingPathComponent("shared/data").path
        let characters = URL(fileURLWithPath: path).appendingPathComponent("rickandmorty/characters.json").path
        return FileManager.default.fileExists(atPath: characters) ? path : nil
    }()

    /// True when the binary and the data exist (tests that need no terminal).
    static var canRunBinary: Bool { portal != nil && dataFolder != nil }

    /// True when tmux, the binary and the data all exist.
    static var canDriveTerminal: Bool { tmux != nil && canRunBinary }

    static let skipReason: Comment = "needs tmux on PATH, a built portal binary (make test, or swift build --product portal) and the snapshot (../shared/data or PORTAL_DATA)"

    private static func executableInPath(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
