import CNcurses
#if canImport(Glibc)
import Glibc
#endif

/// Which terminfo entry ncurses is started with, so symbols get the colours the terminal
/// has rather than only those its `TERM` names.
///
/// `COLORTERM=truecolor` (or `24bit`) is the terminal saying it draws 24-bit colour, even
/// when `TERM` names an entry of 8 or 256 colours (xterm as it comes is `TERM=xterm`): the
/// same terminal's direct-colour entry (`xterm-direct`), else its 256-colour one
/// (`xterm-256color`), is used when terminfo knows it and it has more colours. Everything
/// else stays `TERM`'s own entry.
enum TerminalColours {
    /// The entry to start ncurses with; `colors` gives an entry's colours, nil when
    /// terminfo does not know it.
    static func cursesType(term: String, colorTerm: String?, colors: (String) -> Int?) -> String {
        guard let colorTerm, ["truecolor", "24bit"].contains(colorTerm.lowercased()) else { return term }
        var base = term
        for suffix in ["-256color", "-direct", "-88color", "-16color", "-color"] where base.hasSuffix(suffix) {
            base.removeLast(suffix.count)
            break
        }
        let own = colors(term) ?? 0
        for candidate in [base + "-direct", base + "-256color"] {
            if let count = colors(candidate), count > own { return candidate }
        }
        return term
    }

    /// `cursesType` for this process (`COLORTERM` from the environment, terminfo asked
    /// without touching the screen).
    static func cursesType(term: String) -> String {
        let colorTerm = getenv("COLORTERM").map { String(cString: $0) }
        return cursesType(term: term, colorTerm: colorTerm) { name in
            guard portal_probe_terminal(name, STDOUT_FILENO) == Int32(PORTAL_TERMINAL_OK) else { return nil }
            let count = portal_terminfo_colors(name, STDOUT_FILENO)
            return count >= 0 ? Int(count) : nil
        }
    }
}
