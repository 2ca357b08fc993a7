/// A terminal size in cells.
public struct Size: Sendable, Hashable, CustomStringConvertible {
    public var columns: Int
    public var rows: Int
    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }
    public var description: String { "\(columns)×\(rows)" }
}

/// The colours portal uses; `.default` is the terminal's own (its background shows through).
/// `.indexed(n)` is colour `n` of the xterm 256-colour palette (see `XtermPalette`); views
/// use it only when the screen's `colorCount` is at least 256. `.rgb` is a 24-bit colour,
/// used only when `colorCount` is `ColorDepth.trueColor` (a screen that cannot show it
/// draws the nearest palette colour).
public enum Color: Sendable, Hashable {
    case `default`, black, red, green, yellow, blue, magenta, cyan, white
    case indexed(UInt8)
    case rgb(UInt8, UInt8, UInt8)
}

/// How a run of text is drawn. Screens without colour (`NO_COLOR`, `TERM=dumb`) keep the
/// attributes and drop the colours.
public struct Style: Sendable, Hashable {
    public var foreground: Color
    public var background: Color
    public var bold: Bool
    public var dim: Bool
    public var reverse: Bool
    public var underline: Bool

    public init(foreground: Color = .default, background: Color = .default, bold: Bool = false, dim: Bool = false, reverse: Bool = false, underline: Bool = false) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.reverse = reverse
        self.underline = underline
    }

    public static let plain = Style()
}

/// Where views draw. Only the ncurses adapter implements it against a terminal; tests use
/// an in-memory screen and compare its text.
///
/// Text passed to `put` has already been sanitised and is measured in display columns by
/// the views; the screen clips at its edges.
public protocol Screen: AnyObject {
    var size: Size { get }
    /// How many colours can be drawn: 0 without colour (`NO_COLOR`, no colour support), 8
    /// when only the basic colours work, 256 when `.indexed` colours work too,
    /// `ColorDepth.trueColor` (2²⁴) when `.rgb` colours are drawn as they are.
    var colorCount: Int { get }
    /// Blanks the whole screen (in the default style) before a frame is drawn.
    func clear()
    /// Draws `text` starting at (row, column), clipped to the screen.
    func put(_ text: String, row: Int, column: Int, style: Style)
    /// Makes the frame visible (ncurses: one refresh that writes only changed cells).
    func flush()
    /// Asks for real pixels over `placement.cells`, which the view keeps blank this frame:
    /// the terminal writes them after the text (and clears pixels no longer placed). A
    /// screen without a pixel protocol ignores it.
    func place(_ placement: PixelPlacement)
}

extension Screen {
    /// Screens without a pixel protocol draw no pixels.
    public func place(_ placement: PixelPlacement) {}
}

/// Colour depths a screen reports as its `colorCount`.
public enum ColorDepth {
    /// 2²⁴: a screen that draws `.rgb` colours as they are.
    public static let trueColor = 1 << 24
}
