import CNcurses
import Foundation
import PortalUI
import Testing
@testable import PortalTerminal

/// The pure parts of the ncurses adapter: key decoding, unknown escape sequences and
/// clipping by display width. No terminal is opened.
@Suite("Terminal helpers", .serialized)
struct TerminalHelpersTests {
    init() {
        // wcwidth follows the locale; the UI itself sets it before newterm.
        setlocale(LC_ALL, "C.UTF-8")
    }

    @Test func charactersAndControlKeys() {
        #expect(KeyDecoder.decodeCharacter(10) == .key(.enter))
        #expect(KeyDecoder.decodeCharacter(13) == .key(.enter))
        #expect(KeyDecoder.decodeCharacter(27) == .key(.escape))
        #expect(KeyDecoder.decodeCharacter(127) == .key(.backspace))
        #expect(KeyDecoder.decodeCharacter(8) == .key(.backspace))
        #expect(KeyDecoder.decodeCharacter(9) == .key(.tab))
        #expect(KeyDecoder.decodeCharacter(3) == .key(.control("c")))
        #expect(KeyDecoder.decodeCharacter(6) == .key(.control("f")))
        #expect(KeyDecoder.decodeCharacter(0x9B) == .ignored, "C1 controls are never keys")
        #expect(KeyDecoder.decodeCharacter(UInt32(UInt8(ascii: "q"))) == .key(.character("q")))
        #expect(KeyDecoder.decodeCharacter(0xE9) == .key(.character("é")))
        #expect(KeyDecoder.decodeCharacter(0x5B57) == .key(.character("字")))
    }

    @Test func specialKeyCodes() {
        #expect(KeyDecoder.decode(status: portal_key_code_yes(), value: UInt32(portal_key_up())) == .key(.up))
        #expect(KeyDecoder.decodeKeyCode(portal_key_npage()) == .key(.pageDown))
        #expect(KeyDecoder.decodeKeyCode(portal_key_ppage()) == .key(.pageUp))
        #expect(KeyDecoder.decodeKeyCode(portal_key_home()) == .key(.home))
        #expect(KeyDecoder.decodeKeyCode(portal_key_end()) == .key(.end))
        #expect(KeyDecoder.decodeKeyCode(portal_key_backspace()) == .key(.backspace))
        #expect(KeyDecoder.decodeKeyCode(portal_key_resize()) == .resize)
        #expect(KeyDecoder.decodeKeyCode(portal_key_mouse()) == .mouse)
        #expect(KeyDecoder.decodeKeyCode(portal_key_f0() + 1) == .key(.function(1)))
    }

    @Test func unknownEscapeSequencesAreSwallowedWhole() {
        func raw(_ text: String) -> [(status: Int32, value: UInt32)] {
            text.unicodeScalars.map { (portal_ok(), $0.value) }
        }
        #expect(InputReader.unknownSequenceEnd(raw("\u{1B}[1;5D"), escapeAt: 0) == 5)
        #expect(InputReader.unknownSequenceEnd(raw("\u{1B}[4~x"), escapeAt: 0) == 3)
        #expect(InputReader.unknownSequenceEnd(raw("\u{1B}OPq"), escapeAt: 0) == 2)
        #expect(InputReader.unknownSequenceEnd(raw("\u{1B}"), escapeAt: 0) == nil, "a lone Esc is Esc")
        #expect(InputReader.unknownSequenceEnd(raw("\u{1B}q"), escapeAt: 0) == nil)
        #expect(InputReader.unknownSequenceEnd(raw("\u{1B}[12"), escapeAt: 0) == nil, "unfinished")
    }

    @Test func theWalkDropsUnknownSequencesAndResolvesTheWheel() {
        let text: [InputReader.WgetWchResult] = "a\u{1B}[1;5Dq\u{1B}".unicodeScalars.map { (portal_ok(), $0.value) }
        let mouse: InputReader.WgetWchResult = (portal_key_code_yes(), UInt32(portal_key_mouse()))
        let up: InputReader.WgetWchResult = (portal_key_code_yes(), UInt32(portal_key_up()))
        let raw = text + [mouse, up, mouse, mouse]
        // Wheel up, then down, then a click (0) that is no key.
        let wheel: [Int: Int32] = [text.count: -1, text.count + 2: 1, text.count + 3: 0]
        #expect(InputReader.events(raw, wheel: wheel) == [
            .key(.character("a")), .key(.character("q")), .key(.escape), .key(.wheelUp), .key(.up), .key(.wheelDown),
        ])
        #expect(InputReader.events([], wheel: [:]).isEmpty)
    }

    @Test func clippingByDisplayWidth() {
        var buffer: [wchar_t] = []
        func clipped(_ text: String, column: Int, width: Int) -> String {
            NcursesScreen.clip(text, column: column, width: width, into: &buffer)
            return String(String.UnicodeScalarView(buffer.compactMap { Unicode.Scalar(UInt32(bitPattern: $0)) }))
        }
        #expect(clipped("hello", column: 0, width: 3) == "hel")
        #expect(clipped("字字字", column: 0, width: 5) == "字字", "a wide character never straddles the edge")
        #expect(clipped("字ab", column: -1, width: 10) == " ab", "the visible half of a cut wide character is a blank")
        #expect(clipped("a\u{1B}[31mb", column: 0, width: 10) == "a[31mb", "ESC never reaches the terminal")
        #expect(clipped("e\u{301}x", column: 0, width: 2) == "e\u{301}x", "combining marks take no column")
    }

    /// The views measure every scalar exactly as ncurses will draw it (the C library's
    /// wcwidth; unprintable ones as one `?`, controls not at all), so no row can shift.
    @Test func viewsMeasureEveryScalarAsNcursesDrawsIt() {
        var disagreements: [String] = []
        // Planes 0–3 and 14 hold every assigned scalar but the private-use planes.
        let assigned = Array(UInt32(0)..<0x40000) + Array(UInt32(0xE0000)..<0xE1000)
        for value in assigned {
            guard let scalar = Unicode.Scalar(value) else { continue }  // surrogates
            let c = Int(portal_wcwidth(wchar_t(bitPattern: value)))
            let drawn = c >= 0 ? c : (DisplayWidth.isControl(scalar) ? 0 : 1)
            if DisplayWidth.of(scalar) != drawn, disagreements.count < 10 {
                disagreements.append("U+\(String(value, radix: 16, uppercase: true)): measured \(DisplayWidth.of(scalar)), drawn \(drawn)")
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements)")
    }

    @Test func emojiSequencesAreClippedAsTheirParts() {
        var buffer: [wchar_t] = []
        // 👨‍👩‍👧 is three wide cells: at 5 columns the third person does not fit.
        NcursesScreen.clip("👨‍👩‍👧", column: 0, width: 5, into: &buffer)
        #expect(buffer.map { UInt32(bitPattern: $0) } == [0x1F468, 0x200D, 0x1F469, 0x200D])
    }

    @Test func strayEndSignalsEndTheLoopWithTheirOwnStatus() {
        #expect(ExitStatus.forSignal(SIGUSR1) == .signaled(SIGUSR1))
        #expect(ExitStatus.forSignal(SIGUSR1)?.code == 128 + SIGUSR1)
        #expect(ExitStatus.forSignal(SIGALRM)?.code == 128 + SIGALRM)
        #expect(ExitStatus.forSignal(SIGQUIT)?.code == 128 + SIGQUIT)
        #expect(ExitStatus.forSignal(SIGTERM) == .terminated)
        #expect(ExitStatus.forSignal(SIGWINCH) == nil, "a resize is not an ending")
        #expect(ExitStatus.forSignal(SIGCONT) == nil, "continuing is not an ending")
        #expect(ExitStatus.forSignal(SIGPIPE) == nil, "SIGPIPE is ignored, not an ending")
    }

    @Test func controlZArrivesAsAKey() {
        // In raw mode the tty driver does not turn Ctrl-Z into SIGTSTP: the loop gets it
        // as byte 0x1A and suspends itself.
        #expect(KeyDecoder.decodeCharacter(0x1A) == .key(.control("z")))
    }
}
