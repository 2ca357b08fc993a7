import Foundation
import Testing

/// The terminal survives whatever ends portal: quitting, Ctrl-C and signals, a crash (a
/// fault, an abort, a real stack overflow, triggered through `PORTAL_TEST_CRASH`), and
/// Ctrl-Z with `fg` afterwards.
@Suite(.serialized, .enabled(if: EndToEndEnvironment.canDriveTerminal, EndToEndEnvironment.skipReason))
struct TheTerminalSurvivesEveryWayOutEndToEndTests {
    /// The process dies of its signal (the shell sees 128 + the signal), and the shell
    /// gets its cooked modes, its main screen, its cursor and no mouse reporting back.
    @Test(arguments: [
        ("segv", 128 + SIGSEGV), ("abort", 128 + SIGABRT),
        ("stackoverflow", 128 + SIGSEGV), ("stackoverflow-worker", 128 + SIGSEGV),
    ])
    func aCrashGivesTheTerminalBack(crash: String, status: Int32) throws {
        let session = try TmuxSession()
        defer { session.close() }
        let run = PortalRun(session)
        try session.type(line: "PORTAL_TEST_CRASH=\(crash) " + run.commandLine)
        #expect(try session.waitForFile(session.file("status")) == "exit=\(status)\n")
        try run.expectSaneTerminal()
        let screen = try session.waitFor(timeout: 60, "the shell prompt") { $0.contains(TmuxSession.promptOnScreen) }
        // The main screen is back: the command line typed before portal started is on it,
        // portal's header is not.
        #expect(screen.contains("PORTAL_TEST_CRASH=\(crash)"), "the shell's screen is not back:\n\(screen)")
        #expect(!screen.contains("offline snapshot"), "portal's screen is still shown:\n\(screen)")
        try run.expectShellScreen()
    }

    /// Every way out, asked for or not, ends with the status the shell expects and the
    /// terminal as the shell left it: `q`, Ctrl-C, SIGTERM and SIGHUP (a closed terminal
    /// window) as documented, and a stray SIGUSR1 by its default action.
    @Test(arguments: [
        ("q", 0), ("C-c", 130), ("SIGTERM", 128 + SIGTERM), ("SIGHUP", 128 + SIGHUP), ("SIGUSR1", 128 + SIGUSR1),
    ])
    func everyWayOutGivesTheTerminalBack(way: String, status: Int32) async throws {
        try await offThePool {
            let session = try TmuxSession()
            defer { session.close() }
            let run = PortalRun(session)
            try session.type(line: run.commandLine)
            try session.waitFor("Morty Smith")
            switch way {
            case "SIGTERM": kill(try run.portalPID(), SIGTERM)
            case "SIGHUP": kill(try run.portalPID(), SIGHUP)
            case "SIGUSR1": kill(try run.portalPID(), SIGUSR1)
            default: try session.press(way)
            }
            #expect(try session.waitForFile(session.file("status")) == "exit=\(status)\n")
            try run.expectSaneTerminal()
            try run.expectShellScreen()
            try session.waitFor(timeout: 60, "the shell prompt") { $0.contains(TmuxSession.promptOnScreen) && !$0.contains("Morty Smith") }
        }
    }

    /// Ctrl-Z stops portal with the terminal restored (the shell's `stty -a` runs while
    /// it is stopped, since dash goes on with the command list); `fg` brings the whole
    /// screen back, and it still works.
    /// The same for a SIGTSTP sent from outside (`kill -TSTP`).
    @Test(arguments: ["Ctrl-Z", "SIGTSTP"])
    func suspendsAndFgRedraws(how: String) throws {
        let session = try TmuxSession()
        defer { session.close() }
        let run = PortalRun(session)
        try session.type(line: run.commandLine)
        try session.waitFor("Morty Smith")
        if how == "Ctrl-Z" {
            try session.press("C-z")
        } else {
            kill(try run.portalPID(), SIGTSTP)
        }
        #expect(try session.waitForFile(session.file("status")) == "exit=\(128 + SIGTSTP)\n")
        try run.expectSaneTerminal()
        try session.waitFor(timeout: 60, "the shell's screen") { $0.contains("Stopped") && !$0.contains("Morty Smith") }
        try run.expectShellScreen()

        try session.type(line: "fg")
        let screen = try session.waitFor(timeout: 60, "the grid again") { $0.contains("Morty Smith") && $0.contains("Summer Smith") }
        #expect(screen.contains("offline snapshot"), "the header was not redrawn:\n\(screen)")
        #expect(!screen.contains("Stopped"), "the shell's text shows through:\n\(screen)")
        #expect(try session.paneFlag("alternate_on") == "1")
        // Still alive and listening: q quits and gives the terminal back.
        try session.press("q")
        try session.waitFor(timeout: 60, "the shell prompt") { !$0.contains("Morty Smith") }
        try run.expectShellScreen()
    }
}
