import Foundation
import PortalCore

// Compiled into the fuzz-sanitize target and, through a symlink, into PortalCoreTests
// (ControlCharactersBecomeVisibleReplacementsTests replays inputs through it).
// Keep it to PortalCore and Foundation.

extension FuzzEntryPoint {
    /// The one output rule (`Sanitize`, `StandardStreams`) on any bytes a server could send.
    ///
    /// The input is read as UTF-8 as the network's text is (an invalid sequence becomes
    /// U+FFFD); its first byte also picks `line(_:limit:)`'s limit. Every output form must
    /// be valid UTF-8 and hold no C0 control, no DEL, no C1 control (so no ESC and no
    /// one-byte CSI, OSC or ST) and none of the hidden scalars `Sanitize` drops — except
    /// the layout `Sanitize.lines` keeps (line feed and tab) in multi-line output, and the
    /// one line feed that ends an error line. Each form is idempotent (clean text passes
    /// unchanged), and `line(_:limit:)` keeps at most `limit` scalars and an ellipsis.
    public static func sanitize(_ bytes: [UInt8]) throws {
        let text = String(decoding: bytes, as: UTF8.self)
        let limit = Int(bytes.first ?? 0)
        let line = Sanitize.line(text)
        let short = Sanitize.line(text, limit: limit)
        let lines = Sanitize.lines(text)
        let error = StandardStreams.errorLine(text)
        try expectTerminalSafe(line, "line", keeping: [])
        try expectTerminalSafe(short, "line(limit:)", keeping: [])
        try expectTerminalSafe(lines, "lines", keeping: ["\n", "\t"])
        // Compared as bytes: a combining mark first in the message joins the space before it.
        let framed = Array(error.utf8)
        guard framed.starts(with: Array("portal: ".utf8)), framed.last == 0x0A, framed.dropLast().firstIndex(of: 0x0A) == nil else {
            throw FuzzInvariantBroken("error line not framed: \(error.debugDescription)")
        }
        try expectTerminalSafe(String(decoding: framed.dropLast(), as: UTF8.self), "error line", keeping: [])
        if Sanitize.line(line) != line { throw FuzzInvariantBroken("line is not idempotent: \(line.debugDescription)") }
        if Sanitize.lines(lines) != lines { throw FuzzInvariantBroken("lines is not idempotent: \(lines.debugDescription)") }
        if short.unicodeScalars.count > limit + 1 { throw FuzzInvariantBroken("line(limit: \(limit)) kept \(short.unicodeScalars.count) scalars") }
        // Text with nothing to remove passes unchanged.
        let clean = !text.unicodeScalars.contains { Sanitize.isControl($0) || Sanitize.isHidden($0) }
        if clean, line != text || lines != text { throw FuzzInvariantBroken("clean text changed: \(text.debugDescription)") }
        // A multi-line text's lines are each what `line` makes of them.
        // (Split by scalars: "\r\n" is one Character, and a mark after "\n" joins nothing.)
        let each = scalarLines(text).map { Sanitize.line($0) }
        let tabbed = scalarLines(lines).map { String(String.UnicodeScalarView($0.unicodeScalars.map { $0 == "\t" ? "\u{FFFD}" : $0 })) }
        if each != tabbed { throw FuzzInvariantBroken("lines differs from line a line: \(text.debugDescription)") }
    }

    static func scalarLines(_ text: String) -> [String] {
        text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { String(String.UnicodeScalarView($0)) }
    }

    /// `text` is valid UTF-8 and holds no control (but those in `keeping`) nor hidden scalar.
    static func expectTerminalSafe(_ text: String, _ what: String, keeping: Set<Unicode.Scalar>) throws {
        let utf8 = Array(text.utf8)
        guard String(validating: utf8, as: UTF8.self) != nil else { throw FuzzInvariantBroken("\(what) is not valid UTF-8") }
        if let bad = text.unicodeScalars.first(where: { !keeping.contains($0) && (Sanitize.isControl($0) || Sanitize.isHidden($0)) }) {
            throw FuzzInvariantBroken("\(what) holds U+\(String(bad.value, radix: 16, uppercase: true)): \(text.debugDescription)")
        }
        if utf8.contains(0x1B) || utf8.contains(0x7F) { throw FuzzInvariantBroken("\(what) holds ESC or DEL") }
    }
}
