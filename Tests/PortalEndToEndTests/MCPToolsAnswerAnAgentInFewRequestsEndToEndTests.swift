import Foundation
import PortalMirror
import Testing

/// `portal mcp` as an agent uses it (issue 37): the official MCP Python SDK's client
/// (PyPI `mcp`, in the venv `make test` makes at .build/venv) starts the server on stdio and
/// calls every tool against the mirror at a million characters and a saved API (a config
/// file written here): row 500,000 in at most 3 requests, the same call again in none, an
/// item with its related list, a filtered count, a walked list with progress and a cursor,
/// bad arguments as tool errors, and no answer holding the saved API's secret. The script
/// adds saved APIs written only in its own copy of the config: issue 34's crew API
/// (bench/crew-server.py, which it starts) described by list specs alone — get_item by a
/// string key in 1 request plus 1 for its related teams, a spec's filter counted — the
/// mirror's OpenAPI document (a filtered count in 1 request, GET /character/{id}) and its
/// GraphQL schema (character(id:) in one POST). The checks are in scripts/mcp_check.py,
/// which says each one.
@Suite(.enabled(if: EndToEndEnvironment.canRunBinary, EndToEndEnvironment.skipReason), .serialized)
struct MCPToolsAnswerAnAgentInFewRequestsEndToEndTests {
    /// The venv's Python (`PORTAL_MCP_PYTHON` overrides).
    static let python: String? = {
        let path = ProcessInfo.processInfo.environment["PORTAL_MCP_PYTHON"]
            ?? EndToEndEnvironment.packageRoot.appendingPathComponent(".build/venv/bin/python").path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }()

    /// Skipped only off CI when the venv is missing; `make test` makes it, and under CI a
    /// missing venv is a failure.
    static let canRun = python != nil || ProcessInfo.processInfo.environment["CI"] != nil

    @Test(.enabled(if: canRun, "needs the venv with PyPI mcp at .build/venv (make test makes it: make venv)"))
    func theOfficialClientCallsEveryTool() async throws {
        let python = try #require(Self.python, "no .build/venv/bin/python: run make venv (make test does)")
        let portal = try #require(EndToEndEnvironment.portal)
        let script = EndToEndEnvironment.packageRoot.appendingPathComponent("scripts/mcp_check.py").path
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mcp-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let secret = "crew-secret-\(UInt32.random(in: 0...UInt32.max))"
        try await ListExportsReadBackAndStayBoundedEndToEndTests.withMirror(scale: 1_000_000) { origin in
            let config = folder.appendingPathComponent("config.toml")
            try """
                [apis.crew]
                url = "\(origin)/api"
                auth = { bearer = "env:CREW_KEY" }
                lists = { people = "/character", walkers = "\(origin)/dialects/cursor/characters" }
                """.write(to: config, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: config.path)
            let trace = folder.appendingPathComponent("trace.jsonl").path
            let environment = ProcessInfo.processInfo.environment
            let result = try await offThePool {
                try Spawn.run(python, [script, portal, origin, config.path, trace, secret], environment: environment, scratch: folder)
            }
            #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
            #expect(result.stdout.hasSuffix("all checks passed\n"), "\(result.stdout)")
            let traced = (try? String(contentsOfFile: trace, encoding: .utf8)) ?? ""
            #expect(!traced.contains(secret), "the trace names no secret")
        }
    }
}
