import Foundation
import PortalCore

/// Where `portal list` writes its items: stdout, a page (or a buffer of jq outputs) at a
/// time.
///
/// Two kinds of output (issue 35, item 12). What is drawn on a terminal is cleaned: text
/// lines always, and any format when stdout is a terminal, go through the one sanitising
/// sink (`StandardStreams.out`: controls other than line feeds and tabs shown as U+FFFD,
/// hidden scalars dropped). A machine format (`--json`, `--format json|ndjson|csv|tsv`,
/// `--jq`) written to a file or a pipe is data for another program: its bytes go out as
/// the format made them, the server's strings exact (`ExportJSON`, `DelimitedText`).
///
/// A reader that went away (`| head`) makes a write fail with EPIPE (SIGPIPE is ignored
/// for `portal list`, see `ignoreBrokenPipe`): `write` then throws `ReaderGone`, and the
/// list stops at once, quietly, with status 0, as `cat` would.
struct OutputSink {
    /// The reader of stdout closed it.
    struct ReaderGone: Error {}

    /// Whether bytes go out as they are (a machine format to a file or a pipe).
    let exact: Bool

    /// The sink for `format`, stdout being a terminal or not (`isatty(1)` unless a caller
    /// says).
    init(format: ListFormat, stdoutIsTerminal: Bool = isatty(STDOUT_FILENO) == 1) {
        exact = format != .text && !stdoutIsTerminal
    }

    /// Makes a write to a closed pipe an error (EPIPE) instead of a signal that kills the
    /// process with status 141 before it can end quietly.
    static func ignoreBrokenPipe() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// Writes `text`: as it is when `exact`, else cleaned for the terminal.
    func write(_ text: String) throws(ReaderGone) {
        guard !text.isEmpty else { return }
        do {
            if exact {
                try FileHandle.standardOutput.write(contentsOf: Data(text.utf8))
            } else {
                try StandardStreams.out(text)
            }
        } catch {
            throw ReaderGone()
        }
    }
}
