import Foundation
import Testing

/// `portal --graphql` as a user runs it against `portal-mirror`'s `/graphql`: a tab per
/// list, cards, End reaches the last item in a few requests, Enter opens it; `portal list
/// --graphql` prints a list whole, by root field or by the user's own query, and a query
/// the server refuses is its message.
@Suite(.serialized, .enabled(if: EndToEndEnvironment.canDriveTerminal, EndToEndEnvironment.skipReason))
struct GraphQLBrowsesAndListsWholeEndToEndTests {
    let data = EndToEndEnvironment.dataFolder ?? "."

    @Test func browsingTabsCardsTheLastItemAndItsDetail() async throws {
        let data = self.data
        try await offThePool {
            let session = try TmuxSession(columns: 120, rows: 30)
            defer { session.close() }
            let mirror = try ShellMirror(in: session, data: data)
            defer { mirror.stop() }
            let run = PortalRun(session, source: "--graphql '\(mirror.origin)/graphql' --no-cache --pictures off")
            try session.type(line: "NO_COLOR=1 " + run.commandLine)
            // The cards and the count come in separate frames: wait for both (a clean-clone run
            // captured the cards with the status line still at "0 · loading…").
            let first = try session.waitFor(timeout: 60, "the first cards and their count") {
                $0.contains("Rick Sanchez") && $0.contains("Morty Smith") && $0.contains("1 / 826")
            }
            #expect(first.contains("allCharacters") && first.contains("1 / 826"), "\(first)")
            let before = try run.settledURLs().filter { $0.hasSuffix("/graphql") }
            try session.press("End")
            try session.waitFor("826 / 826")
            let after = try run.settledURLs().filter { $0.hasSuffix("/graphql") }
            #expect(after.count - before.count <= 3, "End cost \(after.count - before.count) requests")
            try session.press("Enter")
            let detail = try session.waitFor(timeout: 60, "the detail") { $0.contains("origin") && $0.contains("species") && $0.contains("│") }
            #expect(detail.contains("Butter Robot"), "\(detail)")
            try session.press("Escape")
            try session.press("q")
            #expect(try session.waitForFile(session.file("status")) == "exit=0\n")
            let notes = try run.traceLines().filter { $0["note"] as? String == "graphql" }
            #expect(notes.count == 1 && (notes.first?["allCharacters"] as? String)?.contains("jumps") == true)
        }
    }

    @Test func listingByFieldByQueryAndARefusedQuery() async throws {
        try await withMirror(data: data) { origin in
            let endpoint = "\(origin)/graphql"
            let byField = try await run(["list", "episodes", "--graphql", endpoint, "--json"])
            #expect(byField.status == 0, "\(byField.stderr)")
            let lines = byField.stdout.split(separator: "\n")
            #expect(lines.count == 51 && Set(lines).count == 51)
            #expect(lines.first?.contains(#""name":"Pilot""#) == true)
            let query = "query Pages($page: Int) { episodes(page: $page) { info { count next } results { id name } } }"
            let byQuery = try await run(["list", "--graphql", endpoint, "--query", query, "--json"])
            #expect(byQuery.status == 0, "\(byQuery.stderr)")
            #expect(byQuery.stdout.split(separator: "\n").count == 51)
            let refused = try await run(["list", "--graphql", endpoint, "--query", "{ episodes { results { nme } } }"])
            #expect(refused.status == 1 && refused.stderr.contains("GraphQL:") && refused.stderr.contains("nme"), "\(refused.stderr)")
        }
    }

    /// A partial answer (`data` beside `errors`) on every page: every item is printed and
    /// the page's notice is said on stderr once, read from the pages printed (the source
    /// keeps nothing).
    @Test func aPartialAnswerIsListedWithItsNoticeOnce() async throws {
        try await withMirror(data: data) { origin in
            let query = "query Pages($page: Int) { episodes(page: $page) { info { count next } results { id name } } "
                + "broken: locationsPage(offset: -1, limit: 5) { totalCount } }"
            let listed = try await run(["list", "--graphql", "\(origin)/graphql", "--query", query, "--json"])
            #expect(listed.status == 0, "\(listed.stderr)")
            #expect(listed.stdout.split(separator: "\n").count == 51)
            let notices = listed.stderr.split(separator: "\n").filter { $0.contains("partial answer") }
            #expect(notices.count == 1, "\(listed.stderr)")
            #expect(notices.first?.contains(#"Argument "offset" must be a non-negative integer"#) == true, "\(listed.stderr)")
        }
    }

    /// Spawns portal off the cooperative pool (the in-process mirror answers on it), with
    /// no key from the environment and no disk cache.
    private func run(_ arguments: [String]) async throws -> Spawn.Result {
        try await Spawn.portal(arguments)
    }
}
