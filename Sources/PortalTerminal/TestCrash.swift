import CPortalShim
#if canImport(Glibc)
import Glibc
#endif

/// A crash on purpose, for the end-to-end tests that check a real crash gives the
/// terminal back: `PORTAL_TEST_CRASH=segv|abort|stackoverflow|stackoverflow-worker` in
/// the environment makes the browser crash that way right after its first frame
/// (alternate screen, raw modes, mouse reporting on). Unset, or any other value, does nothing. A debug hook, named so
/// that nobody sets it by accident; documented in docs/architecture.md.
enum TestCrash: String {
    /// A write through a NULL pointer (SIGSEGV).
    case segv
    /// `abort()` (SIGABRT).
    case abort
    /// Unbounded recursion on the main thread until the stack runs out (SIGSEGV on the
    /// guard page, where only an alternate signal stack can run a handler).
    case stackoverflow
    /// The same on a pool thread prepared like those that run effects (where answers are
    /// decoded, and where a parser's unbounded recursion would overflow).
    case stackoverflowWorker = "stackoverflow-worker"

    static let environmentVariable = "PORTAL_TEST_CRASH"

    static func fromEnvironment() -> TestCrash? {
        guard let value = getenv(environmentVariable) else { return nil }
        return TestCrash(rawValue: String(cString: value))
    }

    func trigger() {
        switch self {
        case .segv: portal_test_crash(Int32(PORTAL_TEST_CRASH_SEGV))
        case .abort: portal_test_crash(Int32(PORTAL_TEST_CRASH_ABORT))
        case .stackoverflow: portal_test_crash(Int32(PORTAL_TEST_CRASH_STACK_OVERFLOW))
        case .stackoverflowWorker:
            // A pool thread prepared as the effect interpreter prepares its own.
            Task.detached {
                TerminalUI.prepareWorkerThread()
                portal_test_crash(Int32(PORTAL_TEST_CRASH_STACK_OVERFLOW))
            }
        }
    }
}
