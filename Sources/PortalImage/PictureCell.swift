/// One terminal cell of a picture drawn in symbols: a block character and its two colours.
public struct PictureCell: Sendable, Hashable {
    /// A colour of a cell, as the renderer chose it for the terminal's palette.
    public enum Colour: Sendable, Hashable {
        /// Transparent: the terminal's own colour shows (a sprite's background).
        case clear
        /// xterm 256-colour palette index.
        case indexed(UInt8)
        /// 24-bit colour.
        case rgb(UInt8, UInt8, UInt8)
    }

    /// A space, or a half, quadrant, sextant or full block.
    public var symbol: Unicode.Scalar
    public var foreground: Colour
    public var background: Colour

    public init(symbol: Unicode.Scalar, foreground: Colour, background: Colour) {
        self.symbol = symbol
        self.foreground = foreground
        self.background = background
    }
}

/// A picture as `columns` × `rows` symbol cells, row by row.
public struct PictureCells: Sendable, Hashable {
    public let columns: Int
    public let rows: Int
    public let cells: [PictureCell]

    public init(columns: Int, rows: Int, cells: [PictureCell]) {
        self.columns = columns
        self.rows = rows
        self.cells = cells
    }

    public subscript(column: Int, row: Int) -> PictureCell { cells[row * columns + column] }
}
