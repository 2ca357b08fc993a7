import Foundation

/// The one way text reaches stdout and stderr: every message, error, note, `--explain`
/// line and printed item goes through here, and so through `Sanitize`. A server chooses
/// much of what portal prints (a key, a name, a message, a URL), and a byte it chose must
/// never act on the terminal (an OSC 52 clipboard write, a C1 CSI, a title change).
/// Whatever a call site forgot, the sink does not.
///
/// The one other writer is `portal list`'s progress line (ProgressLine), whose bytes are
/// portal's own: counts and the `\r`, `ESC [K` that redraw it in place.
///
/// The screen has its own sink, with the same rule: every cell the browser draws passes
/// `Sanitize.isControl` in `NcursesScreen.put` (PortalTerminal), and the trace is JSON
/// with every control escaped (`JSONWriter`).
public enum StandardStreams {
    /// `portal: MESSAGE` as one line, ending in a line feed: the message made one line
    /// (`Sanitize.line`: a line feed in it is shown as U+FFFD, so one message is one line).
    public static func errorLine(_ message: String) -> String {
        "portal: " + Sanitize.line(message) + "\n"
    }

    /// Writes `errorLine(message)` to stderr.
    public static func error(_ message: String) {
        FileHandle.standardError.write(Data(errorLine(message).utf8))
    }

    /// Writes lines to stderr, each as `error` writes one.
    public static func error(lines messages: [String]) {
        FileHandle.standardError.write(Data(messages.map(errorLine).joined().utf8))
    }

    /// Writes `text` to stdout, sanitised (`Sanitize.lines`: line feeds and tabs kept).
    /// Throws when the reader went away (`| head`), so the caller can stop quietly.
    public static func out(_ text: String) throws {
        try FileHandle.standardOutput.write(contentsOf: Data(Sanitize.lines(text).utf8))
    }
}
