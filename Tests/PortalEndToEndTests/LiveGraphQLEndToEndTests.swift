import Foundation
import PortalCore
import PortalMirror
import Testing

/// `portal --graphql URL --live` (issue 38, item 4) in tmux against a mirror that churns 20
/// changes a second: the characters tab follows `Subscription.characterChanged` over
/// graphql-transport-ws, the status line says `live · N new`, End shows a created character
/// marked `new`, and when the mirror goes the status line says `reconnecting…`. Waits for
/// what it checks, never for time.
@Suite(.serialized, .enabled(if: EndToEndEnvironment.canDriveTerminal, EndToEndEnvironment.skipReason))
struct LiveGraphQLEndToEndTests {
    @Test func subscriptionChangesAreRowsMarkedInTheOpenList() async throws {
        var options = MirrorOptions()
        options.port = 0
        options.log = .none
        options.dataFolder = EndToEndEnvironment.dataFolder ?? "."
        options.churn = 20
        let mirror = try await MirrorServer.start(options)
        let origin = mirror.origin
        let outcome: Result<(String, String, String, String), any Error>
        do {
            outcome = .success(try await offThePool { () -> (String, String, String, String) in
                let session = try TmuxSession(columns: 120, rows: 30)
                defer { session.close() }
                let run = PortalRun(session, arguments: "--pictures off --no-cache --live", source: "--graphql '\(origin)/graphql'")
                try session.type(line: "NO_COLOR=1 " + run.commandLine)
                try session.waitFor("Rick Sanchez")
                let live = try session.waitFor(timeout: 60, "a created character counted") { $0.contains("live · ") && $0.contains(" new") }
                try session.press("G")
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
