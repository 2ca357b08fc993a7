import Foundation
import PortalImage
import Testing

/// The sprites of the offline snapshot: `PORTAL_DATA/pokeapi/sprites`, else beside the package.
enum Sprites {
    static let folder: URL = Avatars.folder.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("pokeapi/sprites")

    static func bytes(_ id: Int) throws -> [UInt8] {
        Array(try Data(contentsOf: folder.appendingPathComponent("\(id).png")))
    }
}

@Suite("Pictures drawn by libchafa")
struct PictureRendererTests {
    /// 4 × 2 pixels: red and blue on top, a transparent bottom row.
    static let tiny = Picture(width: 2, height: 2, rgba: [255, 0, 0, 255, 0, 0, 255, 255, 0, 0, 0, 0, 0, 0, 0, 0])!

    @Test func aSpriteKeepsItsAlphaAndAspect() throws {
        let sprite = try Picture.decode(try Sprites.bytes(1))
        // Bulbasaur's sprite is 68 × 56 with a transparent background.
        #expect(sprite.width == 68 && sprite.height == 56)
        #expect(sprite.pixel(x: 0, y: 0).alpha == 0)
        #expect(stride(from: 0, to: sprite.rgba.count, by: 4).contains { sprite.rgba[$0 + 3] == 255 })
        let small = try Picture.decode(try Sprites.bytes(1), maxSide: 34)
        #expect(small.width == 34 && small.height == 28)
    }

    @Test func symbolsAreBlocksWithPaletteColours() throws {
        let picture = try Picture.decode(try Avatars.bytes(1), maxSide: 64)
        let cells = try #require(PictureRenderer.symbols(picture, columns: 10, rows: 5, palette: .indexed256))
        #expect(cells.columns == 10 && cells.rows == 5 && cells.cells.count == 50)
        // Only blocks (half, quadrant, sextant, full) and spaces: no letters or lines.
        let blocks: [ClosedRange<UInt32>] = [0x20...0x20, 0x2580...0x259F, 0x1FB00...0x1FB3B]
        for cell in cells.cells {
            #expect(blocks.contains { $0.contains(cell.symbol.value) }, "U+\(String(cell.symbol.value, radix: 16))")
            if case .rgb = cell.foreground { Issue.record("24-bit colour in 256-colour mode") }
        }
        // A real picture uses many colours.
        #expect(Set(cells.cells.map(\.background)).count > 5)
    }

    @Test func trueColourCellsAreRGB() throws {
        let picture = try Picture.decode(try Avatars.bytes(1), maxSide: 64)
        let cells = try #require(PictureRenderer.symbols(picture, columns: 10, rows: 5, palette: .truecolor))
        let rgb = cells.cells.filter { if case .rgb = $0.background { true } else { false } }
        #expect(rgb.count == 50)
    }

    @Test func transparentPixelsLeaveTheTerminalsColour() throws {
        let cells = try #require(PictureRenderer.symbols(Self.tiny, columns: 2, rows: 1, palette: .indexed256))
        // The top half is coloured, the bottom clear: a block covering the top, on the
        // terminal's own background.
        #expect(cells[0, 0].background == .clear)
        #expect(BlockGlyph.coversForeground(cells[0, 0].symbol, x: 0.5, y: 0.1))
        #expect(!BlockGlyph.coversForeground(cells[0, 0].symbol, x: 0.5, y: 0.9))
        guard case .indexed(let red) = cells[0, 0].foreground, let rgb = XtermPalette.rgb(of: red) else {
            Issue.record("not a palette colour: \(cells[0, 0].foreground)")
            return
        }
        #expect(rgb.red > 100 && rgb.green == 0 && rgb.blue == 0)
        // Never a system colour (terminals redefine 0…15).
        #expect(red >= 16)
    }

    @Test func sixelAndKittyBytesComeFromThePixels() throws {
        let picture = try Picture.decode(try Avatars.bytes(1), maxSide: 200)
        let sixel = try #require(PictureRenderer.pixels(picture, columns: 20, rows: 10, cellWidth: 10, cellHeight: 20, using: .sixel))
        // DCS … q … ST
        #expect(Array(sixel.prefix(2)) == [0x1B, UInt8(ascii: "P")])
        #expect(sixel.contains(UInt8(ascii: "q")))
        #expect(Array(sixel.suffix(2)) == [0x1B, UInt8(ascii: "\\")])
        let kitty = try #require(PictureRenderer.pixels(picture, columns: 20, rows: 10, cellWidth: 10, cellHeight: 20, using: .kitty))
        #expect(String(decoding: kitty.prefix(3), as: UTF8.self) == "\u{1B}_G")
        #expect(String(decoding: kitty, as: UTF8.self).contains("c=20,r=10"))
        // Another picture gives other bytes.
        let other = try Picture.decode(try Avatars.bytes(2), maxSide: 200)
        #expect(PictureRenderer.pixels(other, columns: 20, rows: 10, cellWidth: 10, cellHeight: 20, using: .sixel) != sixel)
    }

    @Test func sizesOutOfRangeAreRefused() {
        #expect(PictureRenderer.symbols(Self.tiny, columns: 0, rows: 1, palette: .indexed256) == nil)
        #expect(PictureRenderer.symbols(Self.tiny, columns: 1000, rows: 1, palette: .indexed256) == nil)
        #expect(PictureRenderer.pixels(Self.tiny, columns: 2, rows: 1, cellWidth: 0, cellHeight: 20, using: .sixel) == nil)
        #expect(PictureRenderer.pixels(Self.tiny, columns: 2, rows: 1, cellWidth: 10, cellHeight: 500, using: .kitty) == nil)
    }
}

