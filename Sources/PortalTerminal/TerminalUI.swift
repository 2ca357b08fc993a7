import CPortalShim
import PortalCore
import PortalUI

/// Runs a full-screen `App` on this process's terminal: the one entry point the
/// executable needs.
///
/// Order matters and is the point of this type: every check that can fail with a
/// message runs before the screen is touched; once ncurses owns the terminal, every way
/// out — quit, Ctrl-C, SIGINT/SIGTERM/SIGHUP, a thrown error — restores it before
/// anything is printed (atexit and a crash handler are the backstops).
@MainActor
public enum TerminalUI {
    /// False when the user asked for no colour (`NO_COLOR` set and non-empty, or
    /// `TERM=dumb`): the app then skips what only colour can show, such as avatars.
    public static var colorsWanted: Bool { !TerminalPreflight.colorsDisabled }

    /// Gives the calling thread an alternate signal stack if it has none, so that even a
    /// stack overflow on it runs the crash restore (the handler needs stack to run on).
    /// Background work calls it first thing on its pool thread; after the first time on a
    /// thread it costs one `sigaltstack` query.
    public nonisolated static func prepareWorkerThread() {
        portal_alternate_stack_ensure()
    }

    /// Checks the terminal (no TTY, no or unknown TERM, `TERM=dumb` fail here with a
    /// `TerminalError`, before anything is drawn), builds the app, starts ncurses, runs
    /// the loop on the calling (main) thread — handing every effect the app returns to
    /// `performer`, whose messages come back through a mailbox and a wake-up pipe —
    /// restores the terminal, and reports how the session ended. The caller exits with
    /// `status.code`.
    /// `onIdle` runs once after each burst of events, when nothing is in flight.
    ///
    /// `pictures` is `--pictures`: `makeApp` gets the mode pictures start in; with `auto`
    /// the terminal is asked (`TerminalProbe`) once ncurses has it in raw mode, and the
    /// first frame never waits for the answer: it arrives as input, whenever it comes, and
    /// switches pictures to pixels then (`AppEvent.pictures`).
    public static func run(performer: any EffectPerformer, pictures: PicturesOption = .auto, onIdle: (() -> Void)? = nil,
                           makeApp: (PictureMode) throws -> any App) throws -> ExitStatus {
        let term = try TerminalPreflight.check()
        // Read from the locale's name, not from what `check` made of it (see OutputCharset).
        let charset = OutputCharset.ofEnvironment()
        let wake = try WakePipe()
        let mailbox = Mailbox()
        let probe = TerminalProbe.start(for: pictures, term: term, charset: charset)
        let app = try makeApp(probe.mode)

        let session = try CursesSession(term: TerminalColours.cursesType(term: term))
        defer { session.end() }
        guard portal_signals_install(wake.writeDescriptor) == 0 else {
            session.end()
            throw TerminalError("cannot install signal handlers")
        }
        // Raw and without echo now: the answers are read as input, never shown.
        if probe.awaiting { TerminalProbe.ask() }
        let screen = NcursesScreen(window: session.window, colors: session.colors, defaultColors: session.defaultColors,
                                   charset: charset, probe: probe)
        defer {
            screen.clearPixels()
            if screen.awaitsAnswer { TerminalProbe.settle() }
        }
        let loop = TerminalLoop(session: session, screen: screen, wake: wake, mailbox: mailbox, performer: performer,
                                afterFirstFrame: TestCrash.fromEnvironment().map { crash in { crash.trigger() } }, onIdle: onIdle)
        return loop.run(app)
    }
}
