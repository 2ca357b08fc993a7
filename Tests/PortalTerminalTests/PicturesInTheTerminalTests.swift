import CNcurses
import Foundation
import PortalCore
import PortalImage
import PortalUI
import Testing
@testable import PortalTerminal

/// The terminal side of pictures without a terminal: what `--pictures auto` makes of an
/// answer, and the bytes `PixelWriter` writes around ncurses' update.
@Suite("Pictures in the terminal")
struct PicturesInTheTerminalTests {
    /// The terminal's answers as `wget_wch` hands them over, one result per character.
    func raw(_ text: String) -> [InputReader.WgetWchResult] {
        text.unicodeScalars.map { (portal_ok(), $0.value) }
    }

    /// What `auto` makes of the answers, in the order terminals send them.
    func decided(_ replies: [TerminalReply], start: PictureMode = .symbols) -> PictureMode {
        var probe = PictureProbe(mode: start, asks: true)
        for reply in replies { _ = probe.read(reply) }
        return probe.mode
    }

    @Test func autoReadsTheTerminalsAnswer() {
        // xterm -ti vt340: attribute 4 is sixel.
        #expect(decided([.deviceAttributes([63, 1, 2, 4, 6, 9, 15, 22])]) == .sixel)
        // kitty answers the graphics query before the attributes.
        #expect(decided([.kittyGraphics(ok: true), .deviceAttributes([62])]) == .kitty)
        // A plain VT220 answer, an error to the query, or nothing at all: symbols.
        #expect(decided([.deviceAttributes([62, 1, 6, 9, 15])]) == .symbols)
        #expect(decided([.kittyGraphics(ok: false), .deviceAttributes([1, 2])]) == .symbols)
        #expect(decided([]) == .symbols)
        // Attribute 4 must be a whole number, not a digit of another.
        #expect(decided([.deviceAttributes([64, 14, 24])]) == .symbols)
        // The device attributes end the wait: what comes after changes nothing.
        var probe = PictureProbe(mode: .symbols, asks: true)
        #expect(probe.read(.deviceAttributes([62])) == nil)
        #expect(!probe.awaiting)
        #expect(probe.read(.kittyGraphics(ok: true)) == nil && probe.read(.deviceAttributes([4])) == nil)
        #expect(probe.mode == .symbols)
        // An answer nobody asked for (--pictures symbols, or inside tmux) changes nothing.
        var unasked = PictureProbe(mode: .symbols, asks: false)
        #expect(unasked.read(.deviceAttributes([63, 4])) == nil && unasked.mode == .symbols)
    }

    /// `auto` never waits: it starts in symbols and asks, whatever terminfo says of the
    /// colours (xterm as it comes, `TERM=xterm` with 8 colours, speaks sixel); only
    /// `NO_COLOR` turns pictures off, and tmux or screen are not asked.
    @Test func autoStartsAtOnceAndAsksWhateverTheColours() {
        #expect(TerminalProbe.autoStart(noColor: true, multiplexer: false) == PictureProbe(mode: .off, asks: false))
        #expect(TerminalProbe.autoStart(noColor: false, multiplexer: true) == PictureProbe(mode: .symbols, asks: false))
        #expect(TerminalProbe.autoStart(noColor: false, multiplexer: false) == PictureProbe(mode: .symbols, asks: true))
        #expect(TerminalProbe.answeredDeviceAttributes(Array("\u{1B}[?62;4c".utf8)))
        #expect(!TerminalProbe.answeredDeviceAttributes(Array("\u{1B}[?62;4".utf8)))
    }

    /// The answers arrive as input and are read out whole: never a key, whenever they come.
    @Test func answersInTheInputAreNeverKeys() {
        let esc = "\u{1B}"
        #expect(InputReader.events(raw("\(esc)[?63;1;2;4;6;9;15;22c"), wheel: [:]) == [.reply(.deviceAttributes([63, 1, 2, 4, 6, 9, 15, 22]))])
        #expect(InputReader.events(raw("j\(esc)_Gi=31;OK\(esc)\\\(esc)[?62;cq"), wheel: [:]) == [
            .key(.character("j")), .reply(.kittyGraphics(ok: true)), .reply(.deviceAttributes([62])), .key(.character("q")),
        ])
        // An error to the kitty query, an APC ended by BEL, another APC: no keys either.
        #expect(InputReader.events(raw("\(esc)_Gi=31;ENOTSUPPORTED:no\(esc)\\"), wheel: [:]) == [.reply(.kittyGraphics(ok: false))])
        #expect(InputReader.events(raw("\(esc)_Gi=31;OK\u{7}x"), wheel: [:]) == [.reply(.kittyGraphics(ok: true)), .key(.character("x"))])
        #expect(InputReader.events(raw("\(esc)_something\(esc)\\"), wheel: [:]).isEmpty)
        // Esc, and keys that are escape sequences, are still keys.
        #expect(InputReader.events(raw("\(esc)"), wheel: [:]) == [.key(.escape)])
        #expect(InputReader.events(raw("\(esc)[1;5Dq"), wheel: [:]) == [.key(.character("q"))])
    }

    /// An answer cut by the end of a burst waits for its rest; one that never ends is
    /// dropped, never typed.
    @Test func anAnswerCutInTwoWaitsForItsRest() {
        let esc = "\u{1B}"
        var held: [InputReader.WgetWchResult] = []
        #expect(InputReader.events(raw("j\(esc)[?63;1"), wheel: [:], held: &held) == [.key(.character("j"))])
        #expect(held.count == 7)
        #expect(InputReader.events(held + raw("2;4cq"), wheel: [:], held: &held) == [.reply(.deviceAttributes([63, 12, 4])), .key(.character("q"))])
        #expect(held.isEmpty)
        #expect(InputReader.events(raw("\(esc)_Gi=31;O"), wheel: [:], held: &held).isEmpty)
        #expect(InputReader.events(held + raw("K\(esc)"), wheel: [:], held: &held).isEmpty)
        #expect(InputReader.events(held + raw("\\"), wheel: [:], held: &held) == [.reply(.kittyGraphics(ok: true))])
        #expect(InputReader.events(raw("\(esc)["), wheel: [:], held: &held).isEmpty, "ESC [ is the start of an answer or a key")
        #expect(InputReader.events(held + raw("A"), wheel: [:], held: &held).isEmpty, "an unknown sequence, dropped whole")
        // An answer that never ends is held up to a bound: no key meanwhile, and memory
        // bounded after.
        var events = InputReader.events(raw("\(esc)_G"), wheel: [:], held: &held)
        for _ in 0..<50 { events += InputReader.events(held + raw("0123456789"), wheel: [:], held: &held) }
        #expect(events.isEmpty)
        for _ in 0..<50 {
            _ = InputReader.events(held + raw("0123456789"), wheel: [:], held: &held)
            #expect(held.count <= ReplyScan.maxHeld)
        }
        // Alt-_ (ESC _ and a key) is no answer: Esc and the keys, as before.
        #expect(InputReader.events(raw("\(esc)_x"), wheel: [:], held: &held) == [.key(.escape), .key(.character("_")), .key(.character("x"))])
    }

    /// What `body` writes to a FILE, as bytes.
    func written(_ body: (UnsafeMutablePointer<FILE>) -> Void) throws -> [UInt8] {
        let file = try #require(tmpfile())
        defer { fclose(file) }
        body(file)
        fflush(file)
        let length = ftell(file)
        rewind(file)
        var bytes = [UInt8](repeating: 0, count: max(0, length))
        _ = bytes.withUnsafeMutableBufferPointer { fread($0.baseAddress, 1, $0.count, file) }
        return bytes
    }

    func placement(_ id: Int, top: Int, left: Int) throws -> PixelPlacement {
        let picture = try #require(Picture(width: 2, height: 2, rgba: [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255]))
        let ticket = PictureTicket(item: ItemKey(ItemKind(rawValue: "character"), id), request: HTTPRequest(url: URL(string: "https://x.test/\(id).png")!))
        return PixelPlacement(id: ticket, cells: Rect(top: top, left: left, width: 4, height: 2), picture: picture)
    }

    @Test func sixelIsWrittenOnceAtItsCellsAndErasedWhenItGoes() throws {
        let writer = PixelWriter(pixelProtocol: .sixel)
        let rick = try placement(1, top: 3, left: 10)
        let first = String(decoding: try written { writer.placeNew([rick], output: $0) }, as: UTF8.self)
        // Cursor saved, moved to row 4 column 11 (1-based), a sixel image, cursor restored.
        #expect(first.hasPrefix("\u{1B}7\u{1B}[4;11H\u{1B}P"))
        #expect(first.hasSuffix("\u{1B}\\\u{1B}8"))
        // The same placement next frame: nothing written.
        #expect(try written { writer.eraseGone(keeping: [rick], output: $0) }.isEmpty)
        #expect(try written { writer.placeNew([rick], output: $0) }.isEmpty)
        // Gone: its cells are written blank (what ncurses believes they hold).
        let erased = String(decoding: try written { writer.eraseGone(keeping: [], output: $0) }, as: UTF8.self)
        #expect(erased == "\u{1B}7\u{1B}[0m\u{1B}[4;11H    \u{1B}[5;11H    \u{1B}8")
        // Moved: the old place erased, the new one written.
        let moved = try placement(1, top: 5, left: 10)
        #expect(!(try written { writer.placeNew([rick], output: $0) }).isEmpty)
        #expect(String(decoding: try written { writer.eraseGone(keeping: [moved], output: $0) }, as: UTF8.self).contains("[4;11H    "))
        #expect(String(decoding: try written { writer.placeNew([moved], output: $0) }, as: UTF8.self).hasPrefix("\u{1B}7\u{1B}[6;11H\u{1B}P"))
    }

    @Test func kittyIsQuietAndEveryImageGoesWhenOneDoes() throws {
        let writer = PixelWriter(pixelProtocol: .kitty)
        let rick = try placement(1, top: 0, left: 0), morty = try placement(2, top: 0, left: 20)
        let first = String(decoding: try written { writer.placeNew([rick, morty], output: $0) }, as: UTF8.self)
        // Every command asks for no reply, so nothing comes back into the input.
        let commands = first.components(separatedBy: "\u{1B}_G").dropFirst()
        #expect(commands.count >= 2)
        #expect(commands.allSatisfy { $0.hasPrefix("q=2,") })
        // Morty's card scrolled away: all images deleted, Rick's placed again.
        #expect(String(decoding: try written { writer.eraseGone(keeping: [rick], output: $0) }, as: UTF8.self) == "\u{1B}_Ga=d,d=A,q=2\u{1B}\\")
        #expect(String(decoding: try written { writer.placeNew([rick], output: $0) }, as: UTF8.self).hasPrefix("\u{1B}7\u{1B}[1;1H\u{1B}_Gq=2,"))
    }
}

/// `COLORTERM` counts (issue 27, item 10): a terminal that says it draws 24-bit colour gets
/// its direct-colour or 256-colour terminfo entry for the symbols, whatever `TERM` names.
@Suite("The colours symbols get")
struct TerminalColoursTests {
    static let known = ["xterm": 8, "xterm-256color": 256, "xterm-direct": 1 << 24, "tmux-256color": 256, "screen": 8]

    func type(_ term: String, _ colorTerm: String?, known: [String: Int] = Self.known) -> String {
        TerminalColours.cursesType(term: term, colorTerm: colorTerm) { known[$0] }
    }

    @Test func colortermTruecolorPicksTheRichestEntryTerminfoKnows() {
        #expect(type("xterm", "truecolor") == "xterm-direct")
        #expect(type("xterm-256color", "24bit") == "xterm-direct")
        #expect(type("xterm", "TrueColor", known: ["xterm": 8, "xterm-256color": 256]) == "xterm-256color")
        #expect(type("tmux-256color", "truecolor") == "tmux-256color", "no tmux-direct here: TERM's own")
        #expect(type("screen", "truecolor") == "screen")
    }

    @Test func withoutColortermTermIsTaken() {
        #expect(type("xterm", nil) == "xterm")
        #expect(type("xterm", "") == "xterm")
        #expect(type("xterm", "yes") == "xterm")
        #expect(type("xterm-direct", "truecolor") == "xterm-direct")
    }
}
