import Foundation
import PortalTestSupport
import Testing

/// `portal --url` and `portal list --url` against loopback servers that lie about their
/// pages (`HostileLists`), each request counted by the server itself: End on a total far
/// past the items, a linked list in a pane with empty pages after the first, a `next` that
/// goes round with its query reordered, a server that ignores `page`. Every one ends after
/// a few requests, and asks for nothing more once idle.
@Suite(.serialized, .enabled(if: EndToEndEnvironment.canDriveTerminal, EndToEndEnvironment.skipReason))
struct LyingListsEndAfterAFewRequestsEndToEndTests {
    static func browse(_ list: HostileLists, path: String = "/items", _ body: (TmuxSession, PortalRun, LoopbackServer) throws -> Void) throws {
        let server = try list.server()
        defer { server.stop() }
        let session = try TmuxSession(columns: 120, rows: 40)
        defer { session.close() }
        let run = PortalRun(session, source: "--url '\(server.baseURL)\(path)' --no-cache --pictures off")
        try session.type(line: "NO_COLOR=1 " + run.commandLine)
        try body(session, run, server)
        try session.press("q")
        #expect(try session.waitForFile(session.file("status")) == "exit=0\n")
    }

    @Test(arguments: [
        HostileLists.lyingCount(claimed: 1_000_000, fullPages: 3, pageSize: 20),
        HostileLists.lyingLastLink(lastPage: 50_000, fullPages: 3, pageSize: 20),
    ])
    func endOnALyingTotalIsAFewRequestsAndThenNone(list: HostileLists) async throws {
        try await offThePool {
            try Self.browse(list) { session, run, server in
                try session.waitFor("item 1")
                _ = try run.settledURLs()
                let before = server.requestCount
                try session.press("G")
                let screen = try session.waitFor(timeout: 60, "the real end") { $0.contains("60 / 60") && $0.contains("item 60") }
                _ = try run.settledURLs()
                #expect(server.requestCount - before <= 12, "G cost \(server.requestCount - before) requests:\n\(screen)")
                // Esc, and a while idle: nothing more.
                let settled = server.requestCount
                try session.press("Escape")
                Thread.sleep(forTimeInterval: 1)
                #expect(server.requestCount == settled)
            }
        }
    }

    @Test func aPanesListWithEmptyPagesAsksForOneOfThemAndStops() async throws {
        try await offThePool {
            try Self.browse(.emptyPagesInAPane, path: "/people") { session, run, server in
                try session.waitFor("Ada")
                try session.press("Enter")
                try session.waitFor("repos_url")
                try session.press("Enter")
                try session.waitFor("repo 6")
                _ = try run.settledURLs()
                try session.press("Down", "Down", "Down", "Down")
                Thread.sleep(forTimeInterval: 1)
                #expect(server.requestCount <= 4, "\(server.requestCount) requests")
                try session.press("Escape", "Escape")
            }
        }
    }

    /// `portal list --url`: the walk ends, each item is printed once, exit 1 with why. The
    /// page whose `next` is refused is printed (issue 35, item 15: every item read; cursor
    /// b's five entries are new), a page that repeats one already printed is not.
    @Test(arguments: [(HostileLists.reorderedLoop, "/items?cursor=a&dir=asc&sort=name", [String](), 10), (.ignoresPage, "/items", ["--paging", "page"], 5)])
    func aListThatGoesRoundEndsWithEachItemOnce(list: HostileLists, path: String, extra: [String], items: Int) async throws {
        try await offThePool {
            let server = try list.server()
            defer { server.stop() }
            let result = try Spawn.run(EndToEndEnvironment.portal ?? "portal", ["list", "--url", server.baseURL + path, "--no-cache"] + extra,
                                       environment: ProcessInfo.processInfo.environment, scratch: FileManager.default.temporaryDirectory)
            let lines = result.stdout.split(separator: "\n")
            #expect(lines.count == items && Set(lines).count == items, "\(lines.count) lines, \(Set(lines).count) different")
            #expect(server.requestCount <= 4, "\(server.requestCount) requests")
            #expect(result.status == 1 && result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        }
    }
}
