import CPictureShim

/// Draws a `Picture` for a terminal with libchafa (through `CPictureShim`): as symbol
/// cells (half, quadrant and sextant blocks with per-cell colours, in the 256-colour
/// palette or 24-bit) or as the bytes of a pixel protocol (sixel, kitty graphics) for a
/// rectangle of cells. Pure functions of the pixels and the size: the same picture at the
/// same size always gives the same cells and bytes.
public enum PictureRenderer {
    /// Which colours the symbol cells use.
    public enum Palette: Sendable, Hashable {
        case indexed256
        case truecolor
    }

    /// A pixel protocol.
    public enum PixelProtocol: String, Sendable, Hashable {
        case sixel
        case kitty
    }

    /// The picture in `columns` × `rows` cells; nil for a size out of range.
    public static func symbols(_ picture: Picture, columns: Int, rows: Int, palette: Palette) -> PictureCells? {
        guard columns > 0, rows > 0, columns <= Int(PORTAL_PICTURE_MAX_CELLS), rows <= Int(PORTAL_PICTURE_MAX_CELLS) else { return nil }
        var raw = [portal_picture_cell](repeating: portal_picture_cell(), count: columns * rows)
        let truecolor = palette == .truecolor
        let status = picture.rgba.withUnsafeBufferPointer { pixels in
            raw.withUnsafeMutableBufferPointer { out in
                portal_picture_symbols(pixels.baseAddress, Int32(picture.width), Int32(picture.height),
                                       Int32(columns), Int32(rows), truecolor ? 1 : 0, out.baseAddress)
            }
        }
        guard status == PORTAL_PICTURE_OK else { return nil }
        let cells = raw.map { cell in
            PictureCell(symbol: Unicode.Scalar(cell.symbol) ?? " ",
                        foreground: colour(cell.foreground, truecolor: truecolor),
                        background: colour(cell.background, truecolor: truecolor))
        }
        return PictureCells(columns: columns, rows: rows, cells: cells)
    }

    /// The sixel or kitty sequence that draws the picture over `columns` × `rows` cells of
    /// `cellWidth` × `cellHeight` pixels, written at the cursor; nil for a size out of range.
    public static func pixels(_ picture: Picture, columns: Int, rows: Int, cellWidth: Int, cellHeight: Int, using pixelProtocol: PixelProtocol) -> [UInt8]? {
        guard columns > 0, rows > 0, columns <= Int(PORTAL_PICTURE_MAX_CELLS), rows <= Int(PORTAL_PICTURE_MAX_CELLS),
              cellWidth > 0, cellHeight > 0, cellWidth <= Int(PORTAL_PICTURE_MAX_CELL_PIXELS), cellHeight <= Int(PORTAL_PICTURE_MAX_CELL_PIXELS)
        else { return nil }
        var out: UnsafeMutablePointer<UInt8>?
        var length = 0
        let code = pixelProtocol == .sixel ? Int32(PORTAL_PICTURE_SIXEL) : Int32(PORTAL_PICTURE_KITTY)
        let status = picture.rgba.withUnsafeBufferPointer { pixels in
            portal_picture_pixels(pixels.baseAddress, Int32(picture.width), Int32(picture.height), Int32(columns), Int32(rows),
                                  Int32(cellWidth), Int32(cellHeight), code, &out, &length)
        }
        guard status == PORTAL_PICTURE_OK, let out else { return nil }
        defer { portal_picture_free(out) }
        return Array(UnsafeBufferPointer(start: out, count: length))
    }

    private static func colour(_ value: Int32, truecolor: Bool) -> PictureCell.Colour {
        guard value >= 0 else { return .clear }
        if !truecolor { return .indexed(UInt8(clamping: value)) }
        return .rgb(UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF))
    }
}
