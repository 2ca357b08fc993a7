import Foundation
import PortalCore
import Testing

/// The one output rule (`Sanitize.lines`, `StandardStreams.errorLine`) and the fuzz
/// target's entry point (`FuzzEntryPoint.sanitize`, compiled here from Fuzz/) on the
/// classes of hostile text a server sends.
@Suite struct SanitizedOutputKeepsLayoutButNoControlsTests {
    static let hostile: [String] = [
        "\u{1B}]52;c;aGVsbG8=\u{07}", "\u{9B}31m", "\u{1B}[2J", "\u{9D}0;title\u{9C}", "a\rb", "\u{7F}", "\u{85}",
        "\u{1B}P+q\u{1B}\\", "\u{202E}evil", "x\u{200B}y", "\u{0}", "\u{301}starts with a mark", "tab\there\nnext line",
    ]

    @Test(arguments: hostile)
    func noControlButLayoutSurvives(text: String) throws {
        let lines = Sanitize.lines(text)
        #expect(!lines.unicodeScalars.contains { !Sanitize.isLayout($0) && (Sanitize.isControl($0) || Sanitize.isHidden($0)) })
        let error = StandardStreams.errorLine("key " + text)
        #expect(Array(error.utf8).filter { $0 == 0x0A }.count == 1 && error.utf8.last == 0x0A)
        #expect(!error.utf8.contains(0x1B) && !error.unicodeScalars.contains { (0x80...0x9F).contains($0.value) })
        try FuzzEntryPoint.sanitize(Array(text.utf8))
    }

    /// Found by fuzz-sanitize: a message that starts with a combining mark (the check of
    /// the frame compared Characters, and the mark joined the space before it).
    @Test func aMessageStartingWithACombiningMarkIsStillFramed() throws {
        try FuzzEntryPoint.sanitize([0xCC, 0x81, 0x80, 0x8B])  // Fuzz/Regressions/fuzz-sanitize/crash-e76aace…
        #expect(StandardStreams.errorLine("\u{301}x").utf8.starts(with: "portal: ".utf8))
    }

    @Test func linesKeepsLineFeedsAndTabsOnly() {
        #expect(Sanitize.lines("a\tb\nc\r\nd\u{1B}e") == "a\tb\nc\u{FFFD}\nd\u{FFFD}e")
        #expect(Sanitize.lines("plain\ntext") == "plain\ntext")
        // Invalid UTF-8 from the network was already U+FFFD; it stays so.
        #expect(Sanitize.lines(String(decoding: [0xFF, 0x0A, 0xC0, 0x80], as: UTF8.self)) == "\u{FFFD}\n\u{FFFD}\u{FFFD}")
    }
}
