import CNcurses
import CPortalShim
import PortalUI
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// True while ncurses owns the terminal. Read by the atexit backstop, which may run on
/// any thread, hence an atomic rather than main-actor state.
private let cursesActive = Atomic<Bool>(false)

/// Puts the terminal back if the process exits while ncurses still owns it (an `exit()`
/// from anywhere, e.g. a fatal argument error path). A C function pointer: no captures.
private func restoreTerminalAtExit() {
    if cursesActive.exchange(false, ordering: .sequentiallyConsistent) {
        endwin()
    }
}

/// One ncurses session on this process's terminal: start-up with every mode the browser
/// needs, and a restore that is idempotent and runs on every way out.
///
/// Modes: raw (Ctrl-C and Ctrl-Z arrive as keys, no flow control; the loop acts on both), no echo, keypad
/// decoding, non-blocking reads (the loop waits in `poll()`, never in ncurses), 25 ms
/// ESCDELAY, hidden cursor, mouse wheel reporting, colours on the terminal's own
/// background unless `NO_COLOR` is set.
@MainActor
final class CursesSession {
    let window: UnsafeMutablePointer<WINDOW>
    /// Whether colour pairs may be used.
    let colors: Bool
    /// Whether colour -1 ("the terminal's own") is available.
    let defaultColors: Bool
    private var active = true

    /// Starts ncurses on stdin/stdout with terminfo's entry `term` (`TERM`, or the entry
    /// `TerminalColours` chose). Call `TerminalPreflight.check()` first.
    init(term: String) throws(TerminalError) {
        portal_crash_restore_save_modes(STDOUT_FILENO)
        // newterm, never initscr: initscr exits the process when TERM is unusable.
        guard let screen = newterm(term, portal_stdout(), portal_stdin()) else {
            throw TerminalError("cannot start the terminal (TERM=\(term))")
        }
        set_term(screen)
        guard let window = portal_stdscr() else {
            endwin()
            throw TerminalError("cannot start the terminal (TERM=\(term)): no screen")
        }
        self.window = window
        cursesActive.store(true, ordering: .sequentiallyConsistent)
        portal_atexit_once { restoreTerminalAtExit() }

        raw()
        noecho()
        keypad(window, true)
        nodelay(window, true)
        intrflush(window, false)
        leaveok(window, true)
        set_escdelay(25)
        curs_set(0)
        Self.defineMissingKeys()
        mousemask(portal_wheel_mask(), nil)
        mouseinterval(0)

        if !TerminalPreflight.colorsDisabled && has_colors() {
            start_color()
            colors = true
            defaultColors = use_default_colors() == portal_ok()
        } else {
            colors = false
            defaultColors = false
        }
        armCrashRestore()
    }

    /// Home and End as many terminals send them regardless of terminfo: tmux and the
    /// Linux console send `ESC[1~`/`ESC[4~`, rxvt `ESC[7~`/`ESC[8~`, xterm outside keypad
    /// mode `ESC[H`/`ESC[F`. Debian's xterm-256color entry names none of them, so without
    /// this they would arrive as Esc plus stray characters. Only sequences the terminal's
    /// entry leaves undefined are added.
    private static func defineMissingKeys() {
        let extra: [(String, Int32)] = [
            ("\u{1B}[1~", portal_key_home()), ("\u{1B}[4~", portal_key_end()),
            ("\u{1B}[7~", portal_key_home()), ("\u{1B}[8~", portal_key_end()),
            ("\u{1B}[H", portal_key_home()), ("\u{1B}[F", portal_key_end()),
            ("\u{1B}OH", portal_key_home()), ("\u{1B}OF", portal_key_end()),
        ]
        for (sequence, key) in extra where key_defined(sequence) == 0 {
            define_key(sequence, key)
        }
    }

    /// The screen size ncurses currently believes in.
    var size: Size {
        Size(columns: Int(portal_cols()), rows: Int(portal_lines()))
    }

    /// After a SIGWINCH: if ncurses has not already resized itself (its handler normally
    /// makes the next `wget_wch` return KEY_RESIZE), read the size from the kernel and
    /// resize. Returns the size afterwards.
    func syncSizeWithKernel() -> Size {
        var rows: Int32 = 0
        var columns: Int32 = 0
        if portal_window_size(STDOUT_FILENO, &rows, &columns) == 0,
           rows != portal_lines() || columns != portal_cols() {
            resizeterm(rows, columns)
        }
        return size
    }

    /// The next flush repaints everything instead of only the changed cells.
    func repaintAllOnNextFlush() {
        portal_repaint_all_next()
    }

    /// Ctrl-Z: gives the terminal back as `end()` does (the shell gets its modes, its
    /// screen and its cursor), stops the process, and when the shell continues it (`fg`)
    /// takes the terminal again with the modes portal needs. The caller repaints
    /// everything afterwards: the screen was the shell's meanwhile, and its size may
    /// have changed.
    func suspendUntilContinued() {
        guard active else { return }
        portal_crash_restore_disarm()
        endwin()
        portal_stop_self()
        // Continued. The shell's modes are the ones to give back on a crash from now on.
        portal_crash_restore_save_modes(STDOUT_FILENO)
        // After endwin, the next refresh re-enters program mode (raw, keypad, alternate
        // screen, mouse); the cursor is hidden again explicitly.
        repaintAllOnNextFlush()
        doupdate()
        curs_set(0)
        armCrashRestore()
    }

    /// Gives the terminal back: leaves the alternate screen, shows the cursor, restores
    /// the tty modes saved at start-up. Safe to call more than once.
    func end() {
        guard active else { return }
        active = false
        portal_crash_restore_disarm()
        if cursesActive.exchange(false, ordering: .sequentiallyConsistent) {
            endwin()
        }
    }

    /// Arms the emergency restore for a crash (endwin is not async-signal-safe): the tty
    /// modes were saved before newterm; the terminal's reset strings are known now.
    private func armCrashRestore() {
        var reset: [UInt8] = []
        for name in ["sgr0", "cnorm", "rmkx", "rmcup"] {
            if let value = portal_capability(name) {
                reset += Self.withoutPadding(Array(String(cString: value).utf8))
            }
        }
        reset += Array("\u{1B}[?1000l\u{1B}[?1006l".utf8)  // mouse reporting off
        reset.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { portal_crash_restore_arm($0.baseAddress, $0.count) }
        }
    }

    /// Drops terminfo padding (`$<5>`, `$<2/>`), which is only meaningful to tputs.
    static func withoutPadding(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "$"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "<"),
               let close = bytes[index...].firstIndex(of: UInt8(ascii: ">")) {
                index = close + 1
                continue
            }
            result.append(bytes[index])
            index += 1
        }
        return result
    }
}
