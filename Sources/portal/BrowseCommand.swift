import ArgumentParser
import Foundation
import PortalCore
import PortalTerminal
import PortalUI

/// `portal browse` (also plain `portal`): the full-screen browser with infinite scroll.
///
/// A synchronous command on purpose: the browser's event loop must own the main thread
/// and block in `poll()` there, and `Main.main` (main-actor isolated) calls synchronous
/// commands directly on it. Exit status: 0 after `q`, 130 after Ctrl-C or SIGINT, 143
/// after SIGTERM, 129 after SIGHUP or a lost terminal, 1 for any error (printed after the
/// terminal was restored).
struct BrowseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "browse",
        abstract: "Browse characters in the terminal with infinite scroll (the default)."
    )

    @OptionGroup var source: SourceOptions

    func run() throws {
        // Everything that can fail with a message fails here, before the screen changes.
        let made = try source.makeSource()
        let transport = made.transport
        let baseURL = source.apiBaseURL
        let label = source.label
        let status: ExitStatus
        do {
            // Main.main is @MainActor and calls synchronous commands directly, so this
            // runs on the main thread; assumeIsolated checks that at run time.
            status = try MainActor.assumeIsolated {
                try TerminalUI.run { runner in
                    ScreenController(transport: transport, baseURL: baseURL, sourceLabel: label, runner: runner,
                                     showsAvatars: TerminalUI.colorsWanted)
                }
            }
        } catch let error as TerminalError {
            throw RuntimeFailure(error.description)
        }
        // The terminal is restored by now, so the line cannot disturb the screen.
        if let problem = made.traceProblem {
            FileHandle.standardError.write(Data("portal: \(problem)\n".utf8))
            Foundation.exit(status == .quit ? 1 : status.code)
        }
        if status != .quit {
            Foundation.exit(status.code)
        }
    }
}
