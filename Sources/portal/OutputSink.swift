import Foundation
import PortalCore

/// Where `portal list` writes its items: stdout, written a page at a time through
/// `StandardStreams` (server text never reaches the terminal as a control).
///
/// A reader that went away (`| head`) makes a write fail with EPIPE (SIGPIPE is ignored
/// for `portal list`, see `ignoreBrokenPipe`): `write` then throws `ReaderGone`, and the
/// list stops at once, quietly, with status 0, as `cat` would.
struct OutputSink {
    /// The reader of stdout closed it.
    struct ReaderGone: Error {}

    /// Makes a write to a closed pipe an error (EPIPE) instead of a signal that kills the
    /// process with status 141 before it can end quietly.
    static func ignoreBrokenPipe() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// Writes `text` through the one sanitising sink (`StandardStreams.out`: controls
    /// other than line feeds and tabs shown as U+FFFD).
    func write(_ text: String) throws(ReaderGone) {
        guard !text.isEmpty else { return }
        do { try StandardStreams.out(text) } catch { throw ReaderGone() }
    }
}
