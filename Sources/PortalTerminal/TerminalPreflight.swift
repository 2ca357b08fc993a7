import CNcurses
#if canImport(Glibc)
import Glibc
#endif

/// The checks that must pass before ncurses may touch the screen.
///
/// Every failure is one line meant for stderr while the terminal is still in its normal
/// state: no TTY on stdin or stdout (output piped to a file or `less`), no `TERM`, a
/// `TERM` that terminfo does not know (`initscr` would exit the process), or a terminal
/// that cannot move its cursor (`TERM=dumb`).
enum TerminalPreflight {
    static let plainOutputHint = "use 'portal list characters' for plain output"

    /// Returns the terminal type to use; also sets the locale, which must happen before
    /// ncurses starts.
    static func check() throws(TerminalError) -> String {
        guard isatty(STDIN_FILENO) == 1 else {
            throw TerminalError("stdin is not a terminal; the browser reads keys from it (\(plainOutputHint))")
        }
        guard isatty(STDOUT_FILENO) == 1 else {
            throw TerminalError("stdout is not a terminal; \(plainOutputHint)")
        }
        guard let term = environment("TERM"), !term.isEmpty else {
            throw TerminalError("TERM is not set; set it to your terminal's type (e.g. TERM=xterm-256color) or \(plainOutputHint)")
        }
        configureLocale()
        switch portal_probe_terminal(term, STDOUT_FILENO) {
        case Int32(PORTAL_TERMINAL_OK):
            return term
        case Int32(PORTAL_TERMINAL_NO_CURSOR_ADDRESSING):
            throw TerminalError("TERM=\(term) cannot move the cursor, which the browser needs; \(plainOutputHint)")
        default:
            throw TerminalError("unknown terminal type TERM=\(term); set TERM to one terminfo knows (e.g. xterm-256color) or \(plainOutputHint)")
        }
    }

    /// `setlocale(LC_ALL, "")` so ncursesw reads and writes UTF-8. When the environment
    /// names no locale at all (plain C/POSIX, e.g. `LANG` unset under a service manager),
    /// wide characters would be mangled, so character handling falls back to C.UTF-8;
    /// an explicitly chosen non-UTF-8 locale is respected.
    static func configureLocale() {
        setlocale(LC_ALL, "")
        if portal_locale_is_utf8() == 0 {
            let current = setlocale(LC_CTYPE, nil).map { String(cString: $0) } ?? "C"
            if current == "C" || current == "POSIX" {
                setlocale(LC_CTYPE, "C.UTF-8")
            }
        }
    }

    static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// `NO_COLOR` set and non-empty means no colour (https://no-color.org).
    static var colorsDisabled: Bool {
        if let value = environment("NO_COLOR"), !value.isEmpty { return true }
        return environment("TERM") == "dumb"
    }
}
