import Foundation
import Testing

/// The binary's start-up refusals: each is one line on stderr, exit 1, and the terminal
/// is never touched (so these need no tmux).
@Suite(.enabled(if: EndToEndEnvironment.canRunBinary, EndToEndEnvironment.skipReason))
struct StartUpRefusalsAreOneLineEndToEndTests {
    @Test func refusesWithoutATerminal() async throws {
        try await offThePool {
            let result = try runPortal(["--data", EndToEndEnvironment.dataFolder ?? "."])
            #expect(result.status == 1)
            #expect(result.stderr.hasPrefix("portal: "))
            #expect(result.stderr.contains("not a terminal"))
            #expect(result.stderr.split(separator: "\n").count == 1, "one line expected: \(result.stderr)")
            #expect(result.stdout.isEmpty, "nothing may reach stdout: \(result.stdout.debugDescription)")
        }
    }

    @Test func reportsAMissingDataFolderBeforeTheTerminal() async throws {
        try await offThePool {
            let result = try runPortal(["browse", "--data", "/nonexistent/portal-data"])
            #expect(result.status == 1)
            #expect(result.stderr.hasPrefix("portal: "))
            #expect(result.stderr.contains("/nonexistent/portal-data"))
            #expect(result.stdout.isEmpty)
        }
    }

    /// Runs the binary with stdin from /dev/null and stdout/stderr captured (no TTY).
    private func runPortal(_ arguments: [String]) throws -> Spawn.Result {
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm-256color"
        let scratch = FileManager.default.temporaryDirectory
        return try Spawn.run(EndToEndEnvironment.portal ?? "portal", arguments, environment: environment, scratch: scratch)
    }
}
