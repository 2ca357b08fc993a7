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
    @Test func autoReadsTheTerminalsAnswer() {
        let esc = "\u{1B}"
        // xterm -ti vt340: attribute 4 is sixel.
        #expect(TerminalProbe.parse(Array("\(esc)[?63;1;2;4;6;9;15;22c".utf8)) == .sixel)
        // kitty answers the graphics query before the attributes.
        #expect(TerminalProbe.parse(Array("\(esc)_Gi=31;OK\(esc)\\\(esc)[?62;c".utf8)) == .kitty)
        // A plain VT220 answer, an error to the query, or nothing at all: symbols.
        #expect(TerminalProbe.parse(Array("\(esc)[?62;1;6;9;15c".utf8)) == .symbols)
        #expect(TerminalProbe.parse(Array("\(esc)_Gi=31;ENOTSUPPORTED\(esc)\\\(esc)[?1;2c".utf8)) == .symbols)
        #expect(TerminalProbe.parse([]) == .symbols)
        // Attribute 4 must be a whole number, not a digit of another.
        #expect(TerminalProbe.parse(Array("\(esc)[?64;14;24c".utf8)) == .symbols)
        #expect(TerminalProbe.answeredDeviceAttributes(Array("\(esc)[?62;4c".utf8)))
        #expect(!TerminalProbe.answeredDeviceAttributes(Array("\(esc)[?62;4".utf8)))
    }

    @Test func autoAsksOnlyWhenColourAndNoMultiplexer() {
        var asked = 0
        let sixel: () -> [UInt8] = { asked += 1; return Array("\u{1B}[?62;4c".utf8) }
        #expect(TerminalProbe.autoMode(noColor: true, colors: 256, multiplexer: false, answer: sixel) == .off)
        #expect(TerminalProbe.autoMode(noColor: false, colors: 8, multiplexer: false, answer: sixel) == .off)
        #expect(TerminalProbe.autoMode(noColor: false, colors: 256, multiplexer: true, answer: sixel) == .symbols)
        #expect(asked == 0)
        #expect(TerminalProbe.autoMode(noColor: false, colors: 256, multiplexer: false, answer: sixel) == .sixel)
        #expect(TerminalProbe.autoMode(noColor: false, colors: 1 << 24, multiplexer: false, answer: { [] }) == .symbols)
        #expect(asked == 1)
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
        let ticket = PictureTicket(item: ItemKey(.character, id), request: HTTPRequest(url: URL(string: "https://x.test/\(id).png")!))
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
