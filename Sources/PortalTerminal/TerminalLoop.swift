import CPortalShim
import PortalUI
#if canImport(Glibc)
import Glibc
#endif

/// The event loop: the one thread (the main thread) that owns all UI state.
///
/// It sleeps in `poll()` with no timeout on two descriptors: the terminal (keys) and the
/// self-pipe (signals and finished effects). Idle means zero wake-ups and ~0 % CPU. There
/// is no other way in: a timer (the list watch's interval, the jq prompt's quiet time, a
/// rate limit's reset) is an effect, `wakeAfter`, whose `AppMessage.woke` comes through
/// the mailbox like a page's answer; no main-queue job and no tick reaches the app.
///
/// Each wake-up is one turn, in a fixed order: drain the pipe (an exit signal ends the
/// loop at once), then hand every mailbox message, every key and a resize to the app as
/// ONE batch (one update, one planning step), then draw at most one frame — and only if
/// the app says something changed (or the size did).
///
/// The command table's `anywhere` rows are asked before the app sees a key: `forceQuit`
/// (Ctrl-C) always ends the loop (status 130) — in raw mode it is just a key, and a way
/// out that no UI state can swallow is part of the contract; `suspend` (Ctrl-Z, byte
/// 0x1A) gives the terminal back, the process stops, and on `fg` everything is repainted. A SIGTSTP from outside does
/// the same; SIGCONT (continued after a stop from outside) repaints.
@MainActor
final class TerminalLoop {
    private let session: CursesSession
    private let screen: NcursesScreen
    private let input: InputReader
    private let wake: WakePipe
    private let mailbox: Mailbox
    private let performer: any EffectPerformer
    /// Runs once the first frame is on screen (the `PORTAL_TEST_CRASH` hook).
    private let afterFirstFrame: (() -> Void)?
    /// Runs once after each burst of events, when nothing is in flight and no message
    /// waits (the `--trace` idle marker).
    private let onIdle: (() -> Void)?
    /// An event was handled since the last idle marker.
    private var idleOwed = true

    init(session: CursesSession, screen: NcursesScreen, wake: WakePipe, mailbox: Mailbox, performer: any EffectPerformer,
         afterFirstFrame: (() -> Void)? = nil, onIdle: (() -> Void)? = nil) {
        self.performer = performer
        self.onIdle = onIdle
        self.afterFirstFrame = afterFirstFrame
        self.session = session
        self.screen = screen
        self.input = InputReader(window: session.window)
        self.wake = wake
        self.mailbox = mailbox
    }

    /// Runs `app` until it quits, Ctrl-C, an exit signal, or the terminal goes away.
    func run(_ app: any App) -> ExitStatus {
        var size = session.size
        if step(app, [.start(size)]) || draw(app) { return .quit }
        afterFirstFrame?()
        // The last effect finishing wakes the loop, so idleness is noticed without polling.
        let wake = self.wake
        performer.activity.onSettled { wake.poke() }

        var descriptors = [
            pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wake.readDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            for index in descriptors.indices { descriptors[index].revents = 0 }
            if poll(&descriptors, nfds_t(descriptors.count), -1) < 0 {
                if errno == EINTR { continue }
                return .hangUp
            }
            var resized = false

            if descriptors[1].revents != 0 {
                for byte in wake.drain() where byte != WakePipe.effectByte {
                    let signal = Int32(byte)
                    if let status = ExitStatus.forSignal(signal) { return status }
                    if signal == SIGTSTP { session.suspendUntilContinued() }
                    if signal == SIGWINCH || signal == SIGCONT || signal == SIGTSTP { resized = true }
                }
            }
            // Every message and key waiting now goes to the app as one batch: one update,
            // one planning step, however many pages or pictures arrived at once.
            var events = mailbox.takeAll().map { AppEvent.message($0) }

            let terminal = descriptors[0].revents
            if terminal & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return .hangUp }
            // Readable with nothing to read is end-of-file: the terminal is gone. (Without
            // this check poll() would report it forever and the loop would spin.)
            if terminal & Int16(POLLIN) != 0, portal_bytes_available(STDIN_FILENO) == 0 { return .hangUp }
            for event in input.drain() {
                switch event {
                case .resize:
                    resized = true
                case .key(let key):
                    switch CommandTable.command(for: key, in: .anywhere) {
                    case .forceQuit:
                        return .interrupted
                    case .suspend:
                        session.suspendUntilContinued()
                        resized = true
                    default:
                        events.append(.key(key))
                    }
                case .reply(let reply):
                    // The terminal's answer to the pictures' probe: pixels from now on.
                    if let mode = screen.read(reply) { events.append(.pictures(mode)) }
                case .mouse, .ignored:
                    break
                }
            }
            var newSize: Size?
            if resized {
                newSize = session.syncSizeWithKernel()
                session.repaintAllOnNextFlush()
                screen.forgetPixels()
                if let newSize, newSize != size {
                    size = newSize
                    events.append(.resize(newSize))
                }
            }
            if !events.isEmpty, step(app, events) { return .quit }

            if resized || app.needsRedraw {
                if draw(app) { return .quit }
            }
            if idleOwed, performer.activity.running == 0, mailbox.isEmpty {
                idleOwed = false
                onIdle?()
            }
        }
    }

    /// Hands a batch of events to the app (one update, one planning step) and its effects
    /// to the performer; true when one of them is `.quit`. Each effect's messages come back
    /// through the mailbox and wake `poll()`.
    private func step(_ app: any App, _ events: [AppEvent]) -> Bool {
        perform(app.update(events))
    }

    /// Hands `effects` to the performer, except the terminal's own: the clipboard (OSC 52)
    /// and opening a page are done here; true when one of them is `.quit`.
    private func perform(_ effects: [Effect]) -> Bool {
        idleOwed = true
        let mailbox = self.mailbox
        let wake = self.wake
        var quits = false
        for effect in effects {
            switch effect {
            case .quit:
                quits = true
            case .copyToClipboard(let data):
                ClipboardSequence.write(data)
            case .openURL(let url):
                PageOpener.open(url)
            default:
                performer.perform(effect) { message in
                    mailbox.post(message)
                    wake.poke()
                }
            }
        }
        return quits
    }

    /// One frame: the app blanks the screen, draws, and flushes (only changed cells are
    /// written). A frame that taught the app something about the screen (its palette
    /// changes what cards show) leaves `needsRedraw` set: an empty batch lets the app lay
    /// out and plan for it, and the frame is drawn again. True when that asked to quit.
    private func draw(_ app: any App) -> Bool {
        app.render(into: screen)
        guard app.needsRedraw else { return false }
        if step(app, []) { return true }
        app.render(into: screen)
        return false
    }
}
