import Foundation
import PortalCore
import Testing
@testable import PortalTerminal

/// What `NcursesScreen` hands ncurses on a terminal whose locale is not UTF-8: ASCII
/// only, in the columns the views measured (a wide character is two `?`, a combining mark
/// nothing), so no UTF-8 byte in 0x80–0x9F can act there as a C1 control.
@Suite("ASCII terminal", .serialized)
struct AsciiTerminalTests {
    init() {
        // wcwidth follows the locale; the UI itself sets it before newterm.
        setlocale(LC_ALL, "C.UTF-8")
    }

    private func clipped(_ text: String, column: Int = 0, width: Int, charset: OutputCharset) -> [UInt32] {
        var buffer: [wchar_t] = []
        NcursesScreen.clip(text, column: column, width: width, charset: charset, into: &buffer)
        return buffer.map { UInt32(bitPattern: $0) }
    }

    @Test func onlyAsciiReachesAnAsciiTerminal() {
        let hostile = "Q\u{65B}2J\u{75D}0;T\u{71C}漢e\u{301}…"
        let ascii = clipped(hostile, width: 40, charset: .ascii)
        #expect(ascii.allSatisfy { $0 < 0x7F }, "\(ascii)")
        #expect(String(decoding: ascii.map { UInt8($0) }, as: UTF8.self) == "Q2J?0;T???e.")
        // The same text on a UTF-8 terminal is as it was.
        #expect(clipped(hostile, width: 40, charset: .utf8) == hostile.unicodeScalars.map(\.value))
    }

    @Test func asciiKeepsTheColumnsTheViewsMeasured() {
        #expect(clipped("字字字", width: 5, charset: .ascii).count == 4, "a wide character never straddles the edge")
        #expect(clipped("字ab", column: -1, width: 10, charset: .ascii) == [32, 97, 98])
    }
}
