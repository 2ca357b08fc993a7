import Foundation
import Testing

/// A list spec written only in a config file, the binary in a terminal against the
/// mirror's Link-paged characters (`/dialects/link/characters`, which no preset names):
/// cards with coloured `● Alive` badges, `G` in a few requests, and Enter's detail with
/// Rick's 51 episodes fetched by the episodes list's `by_keys` in one request.
@Suite(.serialized, .enabled(if: EndToEndEnvironment.canDriveTerminal, EndToEndEnvironment.skipReason))
struct AConfigSpecGivesBadgesJumpsAndRelatedListsEndToEndTests {
    let data = EndToEndEnvironment.dataFolder ?? "."

    static func config(_ origin: String) -> String {
        """
        [apis.rick]
        url = "\(origin)"

        [apis.rick.lists.people]
        path = "/dialects/link/characters"
        paging = { style = "link" }
        detail = { fields = ["species", { field = "origin.name", label = "Origin" }, { field = "created", label = "Created", format = "date" }], related = [{ field = "episode", list = "episodes", title = "Episodes" }] }

        [apis.rick.lists.people.card]
        title = "name"
        subtitle = "species"
        badge = { field = "status", colours = { Alive = "green", Dead = "red", unknown = "dim" } }

        [apis.rick.lists.episodes]
        path = "/api/episode"
        by_keys = "/api/episode/{keys}"
        card = { title = "name", subtitle = "episode" }
        """
    }

    @Test func aSpecInTheConfigGivesBadgesJumpsAndARelatedListInOneRequest() async throws {
        try await SavedAPIsListWithTheirOwnCredentialsEndToEndTests.withSavedAPIs(data, config: Self.config) { saved in
            let binary = EndToEndEnvironment.portal ?? "portal"
            try await offThePool {
                let session = try TmuxSession(columns: 110, rows: 30)
                defer { session.close() }
                let trace = session.file("trace.jsonl")
                try session.type(line: "unset NO_COLOR; '\(binary)' --config '\(saved.config)' rick --pictures off --no-cache --trace '\(trace)'")
                let grid = try session.waitFor(timeout: 60, "the cards and the count") { $0.contains("Rick Sanchez") && $0.contains("/ 8") }
                #expect(grid.contains("● Alive") && grid.contains("● Dead") && grid.contains("Human"), "\(grid)")
                // The badge's dot in green (`swift test` sets NO_COLOR, unset above for this run).
                let coloured = try session.tmux(["capture-pane", "-p", "-e", "-t", "e2e"])
                #expect(coloured.contains("\u{1B}[32m●"), "\(coloured)")
                let before = Self.requests(trace).count
                try session.press("G")
                _ = try session.waitFor(timeout: 60, "the end") { $0.contains("826 / 826") }
                let jump = Self.requests(trace).dropFirst(before).filter { $0.contains("/dialects/link/") }
                #expect(jump.count <= 4, "\(jump)")
                try session.press("g")
                _ = try session.waitFor(timeout: 60, "the top") { $0.contains("1 / 826") }
                let opened = Self.requests(trace).count
                try session.press("Enter")
                let pane = try session.waitFor(timeout: 60, "Rick's episodes") { $0.contains("Episodes  51 of 51") && $0.contains("Lawnmower Dog") }
                #expect(pane.contains("Origin    Earth (C-137)") && pane.contains("Created   4 Nov 2017"), "\(pane)")
                let episodes = Self.requests(trace).dropFirst(opened).filter { $0.contains("/api/episode/") }
                #expect(episodes.count == 1 && episodes.first?.contains("/api/episode/1,2,3") == true, "\(episodes)")
                try session.press("q")
            }
        }
    }

    /// The URLs the trace holds, in order.
    static func requests(_ path: String) -> [String] {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            guard let range = line.range(of: "\"url\":\"") else { return nil }
            return String(line[range.upperBound...].prefix { $0 != "\"" })
        }
    }
}
