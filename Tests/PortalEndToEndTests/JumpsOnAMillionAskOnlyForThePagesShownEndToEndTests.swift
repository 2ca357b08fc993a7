import Foundation
import PortalMirror
import Testing

/// A million characters over HTTP (an in-process mirror with `scale` 1,000,000), in the
/// real binary in tmux, counted in `--trace`: End, `:N` and PgUp ask only for the pages
/// they show.
@Suite(.serialized, .enabled(if: EndToEndEnvironment.canDriveTerminal, EndToEndEnvironment.skipReason))
struct JumpsOnAMillionAskOnlyForThePagesShownEndToEndTests {
    @Test func endOnAMillionShowsTheLastCardInAtMostThreeRequests() async throws {
        let (screen, atStart, afterEnd, afterPageUps) = try await onMillionMirror { session, run in
            let before = try run.settledURLs()
            try session.press("G")
            let screen = try session.waitFor("Running Bird #1211")
            let urls = try run.settledURLs()
            // 30 PgUp from the end: pages load backwards.
            for _ in 0..<30 {
                try session.press("PPage")
                Thread.sleep(forTimeInterval: 0.02)
            }
            try session.waitFor(timeout: 60, "cards above the end") { !$0.contains("loading…") && $0.contains("/ 1,000,000") }
            return (screen, before.count, urls, try run.settledURLs())
        }
        #expect(screen.contains("1,000,000 / 1,000,000"))
        // Startup pages still in flight when G was pressed are not G's: count the pages
        // past the first screenful.
        let endPages = afterEnd.dropFirst(atStart).filter { Self.page(of: $0) > 10 }
        #expect(endPages.count <= 3, "\(afterEnd.dropFirst(atStart))")
        #expect(endPages.allSatisfy { Self.page(of: $0) > 49_990 })
        #expect(afterPageUps.count > afterEnd.count)
        #expect(Set(afterPageUps).count == afterPageUps.count, "a URL asked twice")
    }

    @Test func colonNumberEnterLandsOnThatCard() async throws {
        let (screen, atStart, urls) = try await onMillionMirror { session, run in
            let before = try run.settledURLs()
            try session.send(text: ":500000")
            try session.waitFor("go to card (1–1,000,000): 500000")
            try session.press("Enter")
            let screen = try session.waitFor("Prince Nebulon #606")
            return (screen, before.count, try run.settledURLs())
        }
        #expect(screen.contains("500,000 / 1,000,000"))
        // The pages on screen (at most three at 120×40) and one ahead.
        #expect(urls.dropFirst(atStart).filter { Self.page(of: $0) > 10 }.count <= 4, "\(urls.dropFirst(atStart))")
    }

    // MARK: - Helpers

    /// The `page` number of a list URL (1 when it has none).
    static func page(of url: String) -> Int {
        URLComponents(string: url)?.queryItems?.first { $0.name == "page" }?.value.flatMap { Int($0) } ?? 1
    }

    /// Starts a mirror of a million characters, then portal against it in tmux (on a
    /// thread of its own: the waits block, and the mirror answers from the cooperative
    /// pool), and quits it cleanly after `body`, whose result it returns (checked by the
    /// test, on the test's own task).
    private func onMillionMirror<T: Sendable>(_ body: @escaping @Sendable (TmuxSession, PortalRun) throws -> T) async throws -> T {
        var options = MirrorOptions()
        options.port = 0
        options.log = .none
        options.dataFolder = EndToEndEnvironment.dataFolder ?? "."
        options.scale = 1_000_000
        let mirror = try await MirrorServer.start(options)
        let origin = mirror.origin
        let outcome: Result<(T, String), any Error> = await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(returning: Result {
                    let session = try TmuxSession(columns: 120, rows: 40)
                    defer { session.close() }
                    let run = PortalRun(session, source: "--base-url '\(origin)/api'")
                    try session.type(line: "NO_COLOR=1 " + run.commandLine)
                    try session.waitFor("Rick Sanchez")
                    let value = try body(session, run)
                    try session.press("q")
                    return (value, try session.waitForFile(session.file("status")))
                })
            }
        }
        await mirror.stop()
        let (value, status) = try outcome.get()
        #expect(status == "exit=0\n")
        return value
    }
}
