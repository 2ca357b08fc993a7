import Foundation
import PortalCore
import PortalDemoModels
import PortalMirror
import Testing

/// `y` in the real binary in tmux with `set-clipboard on`: the OSC 52 sequence reaches
/// tmux, whose paste buffer then holds the item's JSON exactly; and `--watch` against a
/// mirror that grows (`--grow-every`): the status line counts the new character and End
/// shows it marked `new`.
@Suite(.serialized, .enabled(if: EndToEndEnvironment.canDriveTerminal, EndToEndEnvironment.skipReason))
struct YCopiesTheJSONAndWatchSeesTheListGrowEndToEndTests {
    @Test func yPutsTheItemsJSONInTmuxsBufferAndTheWatchSeesTheListGrow() async throws {
        var options = MirrorOptions()
        options.port = 0
        options.log = .none
        options.dataFolder = EndToEndEnvironment.dataFolder ?? "."
        options.growEvery = .seconds(2)
        let mirror = try await MirrorServer.start(options)
        let origin = mirror.origin
        let outcome: Result<(String, String, String, String), any Error>
        do {
            outcome = .success(try await offThePool { () -> (String, String, String, String) in
                let session = try TmuxSession(columns: 120, rows: 30)
                defer { session.close() }
                try session.tmux(["set-option", "-s", "set-clipboard", "on"])
                let run = PortalRun(session, arguments: "--watch 2s --cache-dir '\(session.file("cache"))'",
                                    source: "--base-url '\(origin)/api'")
                try session.type(line: "NO_COLOR=1 " + run.commandLine)
                try session.waitFor("Rick Sanchez")
                try session.press("y")
                let copied = try session.waitFor("copied Rick Sanchez as JSON")
                let buffer = try session.tmux(["show-buffer"])
                // The mirror adds a character every 2 s at the end; the watch looks every 2 s.
                let watched = try session.waitFor(timeout: 60, "a new character counted") { $0.contains("watching · every 2s · ") && $0.contains(" new") }
                try session.press("G")
                let end = try session.waitFor(timeout: 60, "the new character at the end") { $0.contains("(new ") && $0.contains(" new ") }
                try session.press("q")
                return (copied, buffer, watched, try session.waitForFile(session.file("status")) + end)
            })
        } catch {
            outcome = .failure(error)
        }
        await mirror.stop()
        let (copied, buffer, watched, statusAndEnd) = try outcome.get()
        let rick = try #require(try TestCharacters.first())
        #expect(buffer == APIJSONEncoding(baseURL: BaseURL(origin + "/api")).line(rick), "\(buffer)")
        #expect(copied.contains("copied Rick Sanchez as JSON (2.4 KB)"), "\(copied)")
        #expect(watched.contains("watching · every 2s"), "\(watched)")
        #expect(statusAndEnd.hasPrefix("exit=0\n"), "\(statusAndEnd)")
        #expect(statusAndEnd.contains("Rick Sanchez (new 1)") || statusAndEnd.contains("(new "), "\(statusAndEnd)")
    }
}

/// The snapshot's characters, as the mirror serves them.
enum TestCharacters {
    static func first() throws -> Character? {
        let path = (EndToEndEnvironment.dataFolder ?? ".") + "/rickandmorty/characters.json"
        return try Character.readArray(Data(contentsOf: URL(fileURLWithPath: path))).min { $0.id < $1.id }
    }
}
