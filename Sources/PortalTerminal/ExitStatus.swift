#if canImport(Glibc)
import Glibc
#endif

/// How a terminal session ended, and the process exit status that goes with it.
///
/// Signals follow the shell convention 128 + signal number, so scripts can tell a quit
/// from an interruption: `q` → 0, Ctrl-C or SIGINT → 130, SIGHUP or a closed terminal →
/// 129, SIGTERM → 143.
public enum ExitStatus: Sendable, Equatable {
    /// The UI asked to quit (`q`).
    case quit
    /// Ctrl-C (which arrives as a key in raw mode) or SIGINT.
    case interrupted
    /// SIGTERM.
    case terminated
    /// SIGHUP, or the terminal went away under us.
    case hangUp

    /// The status to pass to `exit`.
    public var code: Int32 {
        switch self {
        case .quit: 0
        case .interrupted: 128 + SIGINT
        case .terminated: 128 + SIGTERM
        case .hangUp: 128 + SIGHUP
        }
    }

    /// The status for a signal number delivered through the wake-up pipe, if it ends the loop.
    static func forSignal(_ signal: Int32) -> ExitStatus? {
        switch signal {
        case SIGINT: .interrupted
        case SIGTERM: .terminated
        case SIGHUP: .hangUp
        default: nil
        }
    }
}
