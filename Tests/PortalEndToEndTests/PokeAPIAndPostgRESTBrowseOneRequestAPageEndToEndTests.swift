import Foundation
import Testing

/// The browser against PokeAPI and PostgREST as a user runs it: the binary in tmux,
/// pointed at `portal-mirror` started in the same shell, scrolled to the end, a detail opened, quit, and the
/// `--trace` checked for one request per page and for the key.
@Suite(.serialized, .enabled(if: EndToEndEnvironment.canDriveTerminal, EndToEndEnvironment.skipReason))
struct PokeAPIAndPostgRESTBrowseOneRequestAPageEndToEndTests {
    let data = EndToEndEnvironment.dataFolder ?? "."

    static func quit(_ session: TmuxSession, _ run: PortalRun) throws {
        try session.press("Escape")
        try session.press("q")
        #expect(try session.waitForFile(session.file("status")) == "exit=0\n")
        try run.expectSaneTerminal()
    }

    /// Starts `portal-mirror` in a 120×30 session, then portal against `path` on it with
    /// `flags` (and `environment` before the command), and runs `body` on the way.
    static func browse(data: String, requireKey: String? = nil, path: String, flags: String, environment: String = "",
                       _ body: (TmuxSession, PortalRun) throws -> Void) throws {
        let session = try TmuxSession(columns: 120, rows: 30)
        defer { session.close() }
        let mirror = try ShellMirror(in: session, data: data, requireKey: requireKey)
        defer { mirror.stop() }
        let run = PortalRun(session, source: "--base-url '\(mirror.origin)\(path)' \(flags)")
        try session.type(line: "NO_COLOR=1 \(environment)" + run.commandLine)
        try body(session, run)
    }

    @Test func pokeAPIGridToTheLastPokemonAndItsDetail() async throws {
        let data = self.data
        try await offThePool {
            try Self.browse(data: data, path: "/api/v2", flags: "--page-size 100") { session, run in
                let first = try session.waitFor("bulbasaur")
                #expect(first.contains("portal · PokeAPI"), "\(first)")
                try session.press("End")
                try session.waitFor("meowstic-female-mega")
                try session.press("Enter")
                let detail = try session.waitFor("Base exp.")
                #expect(detail.contains("Types      psychic"), "\(detail)")
                #expect(!detail.contains("error"))
                try Self.quit(session, run)
                // portal has exited: the trace is complete.
                let urls = try run.traceURLs()
                // End jumps: the first pages, then only the pages it shows (pages of 100), each
                // once, and one request for the detail.
                let pages = urls.filter { $0.contains("/pokemon?offset=") }
                #expect(Set(pages).count == pages.count && pages.allSatisfy { $0.hasSuffix("&limit=100") }, "\(pages)")
                #expect(pages.contains { $0.contains("offset=1300&") }, "\(pages)")
                #expect(pages.count <= 6, "\(pages)")
                #expect(urls.filter { $0.hasSuffix("/pokemon/10326/") }.count == 1)
            }
        }
    }

    @Test func postgRESTGridWithAKeyToButterRobotAndATraceWithoutIt() async throws {
        let key = "sb-secret-\(UInt32.random(in: 0...UInt32.max))"
        let data = self.data
        try await offThePool {
            try Self.browse(data: data, requireKey: key, path: "/rest/v1", flags: "--table characters --page-size 100", environment: "PORTAL_API_KEY='\(key)' ") { session, run in
                let first = try session.waitFor("Rick Sanchez")
                #expect(first.contains("portal · PostgREST · characters"), "\(first)")
                try session.press("End")
                try session.waitFor("Butter Robot")
                try session.press("Enter")
                let detail = try session.waitFor("Passing Butter Robot")
                #expect(!detail.contains(key))
                try Self.quit(session, run)
                // portal has exited: the trace is complete.
                let urls = try run.traceURLs()
                let pages = urls.filter { $0.contains("/characters?select=*&order=id") }
                // Windows of 100 (all one URL: the window is a header); End asks only for the
                // windows it shows, not all 9.
                #expect(!pages.isEmpty && pages.count <= 6 && Set(pages).count == 1, "\(pages.count)")
                let trace = try String(contentsOfFile: session.file("trace.jsonl"), encoding: .utf8)
                #expect(!trace.contains(key) && !trace.contains(#""status":401"#))
            }
        }
    }
}
