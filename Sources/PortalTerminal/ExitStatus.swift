import CPortalShim
#if canImport(Glibc)
import Glibc
#endif

/// How a terminal session ended, and the process exit status that goes with it.
///
/// Signals follow the shell convention 128 + signal number, so scripts can tell a quit
/// from an interruption: `q` → 0, Ctrl-C or SIGINT → 130, SIGHUP or a closed terminal →
/// 129, SIGTERM → 143, any other signal that ends the browser (SIGUSR1, SIGALRM, …) →
/// 128 + its number, as if it had killed the process — but with the terminal restored.
public enum ExitStatus: Sendable, Equatable {
    /// The UI asked to quit (`q`).
    case quit
    /// Ctrl-C (which arrives as a key in raw mode) or SIGINT.
    case interrupted
    /// SIGTERM.
    case terminated
    /// SIGHUP, or the terminal went away under us.
    case hangUp
    /// Another signal whose default action would have killed the process (SIGQUIT,
    /// SIGUSR1, SIGUSR2, SIGALRM, …): the loop ends cleanly instead.
    case signaled(Int32)

    /// The status to pass to `exit`.
    public var code: Int32 {
        switch self {
        case .quit: 0
        case .interrupted: 128 + SIGINT
        case .terminated: 128 + SIGTERM
        case .hangUp: 128 + SIGHUP
        case .signaled(let signal): 128 + signal
        }
    }

    /// The status for a signal number delivered through the wake-up pipe, if it ends the loop.
    static func forSignal(_ signal: Int32) -> ExitStatus? {
        switch signal {
        case SIGINT: .interrupted
        case SIGTERM: .terminated
        case SIGHUP: .hangUp
        default: portal_is_end_signal(signal) != 0 ? .signaled(signal) : nil
        }
    }
}
