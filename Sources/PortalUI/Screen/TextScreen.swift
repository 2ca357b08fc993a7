/// An in-memory `Screen`: a grid of cells that tests and benchmarks draw into and read back.
///
/// It measures with `DisplayWidth` exactly as the views do and lays cells out as ncurses
/// does, one scalar at a time: a wide character takes two cells (the second a
/// continuation), a zero-width one joins the cell before it, an unprintable one shows as
/// `?`. So golden text shows what a terminal would show.
public final class TextScreen: Screen {
    /// One terminal cell.
    public struct Cell: Sendable, Hashable {
        /// The grapheme drawn here ("" for the right half of a wide character).
        public var text: String
        public var style: Style
        /// True for the right half of a wide character.
        public var isContinuation: Bool

        public static let blank = Cell(text: " ", style: .plain, isContinuation: false)
    }

    public private(set) var size: Size
    /// As the terminal would report it; 256 unless a test asks for less.
    public let colorCount: Int
    private var cells: [[Cell]]
    /// How many frames were flushed.
    public private(set) var flushCount = 0
    /// The pixel placements asked for since the last `clear()`, in order.
    public private(set) var placements: [PixelPlacement] = []

    public init(size: Size, colorCount: Int = 256) {
        self.size = size
        self.colorCount = colorCount
        cells = Array(repeating: Array(repeating: .blank, count: max(0, size.columns)), count: max(0, size.rows))
    }

    /// Changes the size and blanks everything, as a terminal resize would.
    public func resize(to size: Size) {
        self.size = size
        clear()
    }

    public func clear() {
        placements = []
        cells = Array(repeating: Array(repeating: .blank, count: max(0, size.columns)), count: max(0, size.rows))
    }

    public func put(_ text: String, row: Int, column: Int, style: Style) {
        guard row >= 0, row < size.rows else { return }
        // One scalar at a time with its own width, as ncurses lays cells out: a zero-width
        // scalar joins the cell before it, so a ZWJ sequence takes the cells of its parts.
        var col = column
        var marks = 0
        for scalar in text.unicodeScalars {
            let width = DisplayWidth.of(scalar)
            if width == 0 {
                // Combining marks join the cell before; controls are never drawn.
                if DisplayWidth.isControl(scalar) || marks >= DisplayWidth.marksPerCell { continue }
                if col - 1 >= 0, col - 1 < size.columns, col > column {
                    var target = col - 1
                    if cells[row][target].isContinuation, target > 0 { target -= 1 }
                    cells[row][target].text.unicodeScalars.append(scalar)
                    marks += 1
                }
                continue
            }
            if col + width > size.columns { break }
            marks = 0
            if col >= 0 {
                let shown = DisplayWidth.isPrintable(scalar) ? String(scalar) : "?"
                set(row, col, Cell(text: shown, style: style, isContinuation: false))
                if width == 2 { set(row, col + 1, Cell(text: "", style: style, isContinuation: true)) }
            }
            col += width
        }
    }

    public func flush() { flushCount += 1 }

    public func place(_ placement: PixelPlacement) { placements.append(placement) }

    private func set(_ row: Int, _ col: Int, _ cell: Cell) {
        // Overwriting half of a wide character blanks its other half.
        let old = cells[row][col]
        if old.isContinuation, col > 0 {
            cells[row][col - 1] = .blank
        } else if !old.isContinuation, col + 1 < size.columns, cells[row][col + 1].isContinuation {
            cells[row][col + 1] = .blank
        }
        cells[row][col] = cell
    }

    /// The cell at (row, column).
    public func cell(row: Int, column: Int) -> Cell { cells[row][column] }

    /// The style at (row, column).
    public func style(row: Int, column: Int) -> Style { cells[row][column].style }

    /// Each row as text, trailing spaces trimmed.
    public var lines: [String] {
        cells.map { row in
            var line = ""
            for cell in row where !cell.isContinuation { line += cell.text }
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    /// The whole screen: one line per row, trailing spaces trimmed, joined by newlines.
    public var text: String { lines.joined(separator: "\n") }

    /// The text of the cells on `row` whose style satisfies `predicate`, in order (e.g. all
    /// bold text, or what is drawn in reverse for the selected card).
    public func text(row: Int, where predicate: (Style) -> Bool) -> String {
        var out = ""
        for cell in cells[row] where !cell.isContinuation && predicate(cell.style) { out += cell.text }
        return out
    }

    /// The first (row, column) whose text starts `needle` at that cell, if any.
    public func find(_ needle: String) -> (row: Int, column: Int)? {
        for (r, line) in lines.enumerated() {
            guard line.contains(needle) else { continue }
            var col = 0
            for cell in cells[r] {
                if !cell.isContinuation {
                    let rest = cells[r][col...].filter { !$0.isContinuation }.map(\.text).joined()
                    if rest.hasPrefix(needle) { return (r, col) }
                }
                col += 1
            }
        }
        return nil
    }
}
