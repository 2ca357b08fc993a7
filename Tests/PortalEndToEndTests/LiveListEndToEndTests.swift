import Foundation
import PortalCore
import PortalMirror
import Testing

/// `portal --url LIST --events URL` (issue 38, items 1 and 2) in tmux against a mirror that
/// churns 20 changes a second: the status line says `live · N new`, End shows a created
/// character at the list's end marked `new`, and when the mirror goes the status line
/// says `reconnecting…` with its wait. Waits for what it checks, never for time.
@Suite(.serialized, .enabled(if: EndToEndEnvironment.canDriveTerminal, EndToEndEnvironment.skipReason))
struct LiveListEndToEndTests {
    @Test func pushedChangesAreRowsMarkedInTheOpenList() async throws {
        try await Self.followTheChurn(arguments: "--pictures off --no-cache") { origin in
            "--url '\(origin)/api/character' --events '\(origin)/api/character/events'"
        }
    }

    /// portal against a mirror churning 20 changes a second (`mirror` sets more of its
    /// options), with the live feed `source` names: `live · N new` on the status line, a
    /// created character at the end marked `new` after End, `reconnecting…` once the mirror
    /// goes, exit 0 on `q`.
    static func followTheChurn(arguments: String, mirror change: (inout MirrorOptions) -> Void = { _ in },
                               source: @escaping @Sendable (String) -> String) async throws {
        var options = MirrorOptions()
        options.port = 0
        options.log = .none
        options.dataFolder = EndToEndEnvironment.dataFolder ?? "."
        options.churn = 20
        change(&options)
        let mirror = try await MirrorServer.start(options)
        let origin = mirror.origin
        let outcome: Result<(String, String, String, String), any Error>
        do {
            outcome = .success(try await offThePool { () -> (String, String, String, String) in
                let session = try TmuxSession(columns: 120, rows: 30)
                defer { session.close() }
                let run = PortalRun(session, arguments: arguments, source: source(origin))
                try session.type(line: "NO_COLOR=1 " + run.commandLine)
                try session.waitFor("Rick Sanchez")
                let live = try session.waitFor(timeout: 60, "a created character counted") { $0.contains("live · ") && $0.contains(" new") }
                try session.press("G")
                // Created characters are named `… (new N)` by the mirror; the mark ends the card's first line.
                let end = try session.waitFor(timeout: 60, "a created character at the end, marked") { screen in
                    screen.split(separator: "\n").contains { $0.contains("(new ") && $0.hasSuffix(" new") }
                }
                Task { await mirror.stop() }
                let reconnecting = try session.waitFor(timeout: 60, "the feed reconnecting") { $0.contains("reconnecting… ") }
                try session.press("q")
                return (live, end, reconnecting, try session.waitForFile(session.file("status")))
            })
        } catch {
            outcome = .failure(error)
        }
        await mirror.stop()
        let (live, end, reconnecting, status) = try outcome.get()
        #expect(live.contains("live · "), "\(live)")
        #expect(end.contains("(new "), "\(end)")
        #expect(reconnecting.contains("reconnecting… "), "\(reconnecting)")
        #expect(status.hasPrefix("exit=0"), "\(status)")
    }
}
