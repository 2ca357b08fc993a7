import Foundation

/// The one way text reaches stdout and stderr: every message, error, note, `--explain`
/// line and printed item goes through here, and so through `Sanitize`. A server chooses
/// much of what portal prints (a key, a name, a message, a URL), and a byte it chose must
/// never act on the terminal (an OSC 52 clipboard write, a C1 CSI, a title change).
/// Whatever a call site forgot, the sink does not. A stream that is a terminal whose
/// locale is not UTF-8 gets ASCII only (`OutputCharset`: there UTF-8's bytes 0x80–0x9F
/// are C1 controls); a file or a pipe gets UTF-8.
///
/// The other writers are `portal list`'s progress line (ProgressLine), whose bytes are
/// portal's own: counts and the `\r`, `ESC [K` that redraw it in place; and `portal
/// list`'s machine outputs to a file or a pipe (OutputSink), which are data for another
/// program and keep the server's strings exactly, each format escaping what it must.
///
/// The screen has its own sink, with the same rule: every cell the browser draws passes
/// `Sanitize.isControl` in `NcursesScreen.put` (PortalTerminal), and the trace is JSON
/// with every control escaped (`JSONWriter`).
public enum StandardStreams {
    /// `portal: MESSAGE` as one line, ending in a line feed: the message made one line
    /// (`Sanitize.line`: a line feed in it is shown as U+FFFD, so one message is one line),
    /// a URL's password in it as `***` (`URLPasswordRedaction`).
    public static func errorLine(_ message: String) -> String {
        "portal: " + URLPasswordRedaction.redacted(Sanitize.line(message)) + "\n"
    }

    /// What stderr and stdout may carry, decided once.
    static let errorCharset = OutputCharset.of(descriptor: 2)
    static let outputCharset = OutputCharset.of(descriptor: 1)

    /// Writes `errorLine(message)` to stderr.
    public static func error(_ message: String) {
        FileHandle.standardError.write(Data(errorCharset.shown(errorLine(message)).utf8))
    }

    /// Writes lines to stderr, each as `error` writes one.
    public static func error(lines messages: [String]) {
        FileHandle.standardError.write(Data(errorCharset.shown(messages.map(errorLine).joined()).utf8))
    }

    /// Writes `text` to stdout, sanitised (`Sanitize.lines`: line feeds and tabs kept).
    /// Throws when the reader went away (`| head`), so the caller can stop quietly.
    public static func out(_ text: String) throws {
        try FileHandle.standardOutput.write(contentsOf: Data(outputCharset.shown(Sanitize.lines(text)).utf8))
    }
}
