import Foundation
import PortalMirror
import Testing

/// The mirror's Supabase Realtime checked with Supabase's own Python client (PyPI
/// `realtime`, in the venv `make test` makes at .build/venv), as PostgREST's emulation was
/// checked with postgrest-py: subscribe (binding ids matched), changes in Realtime's
/// payload, a filter, a refreshed token through the first one's expiry, a bad token's
/// channel error. The checks are in scripts/realtime_check.py, which says each one.
@Suite(.enabled(if: EndToEndEnvironment.canRunBinary, EndToEndEnvironment.skipReason), .timeLimit(.minutes(3)))
struct SupabasesPythonClientReadsTheMirrorsRealtimeTests {
    /// Skipped only off CI when the venv or its `realtime` is missing; `make test` makes it.
    static let canRun = MCPToolsAnswerAnAgentInFewRequestsEndToEndTests.python.map { python in
        (try? Spawn.run(python, ["-c", "import realtime"], environment: ProcessInfo.processInfo.environment,
                        scratch: FileManager.default.temporaryDirectory).status) == 0
    } ?? false || ProcessInfo.processInfo.environment["CI"] != nil

    /// Runs `body` against a mirror churning `churn` changes a second behind the key
    /// `anon-key`, with one user (ann@example.com, PW) whose tokens live 3 seconds.
    static func withRealtimeMirror<T>(churn: Int, _ body: (RunningMirror) async throws -> T) async throws -> T {
        try await MirrorServer.with(.inProcess { options in
            options.dataFolder = EndToEndEnvironment.dataFolder ?? "../shared/data"
            options.churn = churn
            options.requireKey = "anon-key"
            options.authUsers = [MirrorAuth.User(email: "ann@example.com", password: "PW")]
            options.tokenTTL = 3
        }, body)
    }

    @Test(.enabled(if: canRun, "needs the venv with PyPI realtime at .build/venv (make venv)"))
    func theOfficialClientFollowsTheChurn() async throws {
        let python = try #require(MCPToolsAnswerAnAgentInFewRequestsEndToEndTests.python, "no .build/venv/bin/python: run make venv (make test does)")
        let script = EndToEndEnvironment.packageRoot.appendingPathComponent("scripts/realtime_check.py").path
        let environment = ProcessInfo.processInfo.environment
        let result = try await Self.withRealtimeMirror(churn: 10) { mirror in
            try await offThePool {
                try Spawn.run(python, [script, mirror.origin, "anon-key", "ann@example.com", "PW"], environment: environment,
                              scratch: FileManager.default.temporaryDirectory)
            }
        }
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        #expect(result.stdout.hasSuffix("all checks passed\n"), "\(result.stdout)")
    }
}
