import CNcurses
import PortalCore
import PortalImage
import PortalUI
#if canImport(Glibc)
import Glibc
#endif

/// The `Screen` views draw into, backed by ncurses: the only ncurses drawing code.
///
/// A frame is `clear()` (werase: blank the window in memory, no output), any number of
/// `put`s, and `flush()` (one wnoutrefresh + doupdate), so ncurses compares the new frame
/// with what the terminal shows and writes only the cells that changed.
///
/// Text is clipped to the screen by display width as ncurses itself measures it
/// (`wcwidth` per scalar, through `DisplayWidth`), so a wide character that would straddle the right edge is left
/// out instead of wrapping. Control characters never reach the terminal; characters the
/// C library cannot print become `?`. On a terminal whose locale is not UTF-8 only ASCII
/// is written (`OutputCharset`): there a UTF-8 byte in 0x80–0x9F is a C1 control.
///
/// Real pixels (`place`) are collected during the frame and written by a `PixelWriter`
/// around ncurses' update: gone ones erased before it, new ones written after it.
///
/// Not an actor-isolated type because `Screen` is not; it is not `Sendable` either, so
/// the compiler keeps it on the UI thread that created it.
public final class NcursesScreen: Screen {
    private let window: UnsafeMutablePointer<WINDOW>
    private let palette: StylePalette
    /// `.ascii`: every scalar past U+007E is drawn as its ASCII stand-in or `?`.
    private let charset: OutputCharset
    private var buffer: [wchar_t] = []
    private var pixels: PixelWriter?
    private var framePlacements: [PixelPlacement] = []
    /// How pictures are drawn, and whether the terminal still owes the answer that may
    /// switch them to pixels.
    private var probe: PictureProbe

    /// `probe`: the pictures' mode (`TerminalProbe`); pixels are written in its protocol.
    init(window: UnsafeMutablePointer<WINDOW>, colors: Bool, defaultColors: Bool, charset: OutputCharset = .utf8,
         probe: PictureProbe = PictureProbe(mode: .symbols, asks: false)) {
        self.window = window
        self.charset = charset
        self.palette = StylePalette(colors: colors, defaultColors: defaultColors)
        self.probe = probe
        self.pixels = Self.pixelProtocol(probe.mode).map { PixelWriter(pixelProtocol: $0) }
    }

    /// The terminal's answer to `TerminalProbe`'s queries: the pictures' new mode when it
    /// changes (pixels are written in it from the next frame on), else nil.
    func read(_ reply: TerminalReply) -> PictureMode? {
        guard let mode = probe.read(reply) else { return nil }
        pixels = Self.pixelProtocol(mode).map { PixelWriter(pixelProtocol: $0) }
        return mode
    }

    /// The terminal was asked and has not answered yet.
    var awaitsAnswer: Bool { probe.awaiting }

    static func pixelProtocol(_ mode: PictureMode) -> PictureRenderer.PixelProtocol? {
        switch mode {
        case .sixel: .sixel
        case .kitty: .kitty
        case .symbols, .off: nil
        }
    }

    public var size: Size {
        Size(columns: Int(portal_cols()), rows: Int(portal_lines()))
    }

    public var colorCount: Int { palette.colorCount }

    public func clear() {
        framePlacements.removeAll(keepingCapacity: true)
        palette.beginFrame()
        portal_set_style(window, portal_a_normal(), 0)
        werase(window)
    }

    public func put(_ text: String, row: Int, column: Int, style: Style) {
        let size = self.size
        guard row >= 0, row < size.rows, column < size.columns, !text.isEmpty else { return }
        let start = max(column, 0)
        Self.clip(text, column: column, width: size.columns, charset: charset, into: &buffer)
        guard !buffer.isEmpty else { return }
        let (attrs, pair) = palette.resolve(style)
        portal_set_style(window, attrs, pair)
        buffer.withUnsafeBufferPointer { characters in
            _ = portal_put_wide(window, Int32(row), Int32(start), characters.baseAddress, Int32(characters.count))
        }
        portal_set_style(window, portal_a_normal(), 0)
    }

    public func flush() {
        wnoutrefresh(window)
        guard let pixels, let output = portal_stdout() else {
            doupdate()
            return
        }
        pixels.eraseGone(keeping: framePlacements, output: output)
        doupdate()
        pixels.placeNew(framePlacements, output: output)
    }

    public func place(_ placement: PixelPlacement) {
        guard pixels != nil else { return }
        let size = self.size
        // Only wholly on screen: pixels cannot be clipped at the edge by ncurses.
        guard placement.cells.top >= 0, placement.cells.left >= 0, placement.cells.bottom <= size.rows - 1,
              placement.cells.right <= size.columns else { return }
        framePlacements.append(placement)
    }

    /// The terminal is repainted from scratch next time (resize, resume): every picture
    /// is written again.
    func forgetPixels() { pixels?.forgetShown() }

    /// Takes the pictures off before the terminal is given back.
    func clearPixels() {
        guard let output = portal_stdout() else { return }
        pixels?.clearAll(output: output)
    }

    /// The wide characters of `text` that fit between column 0 and `width` when `text`
    /// starts at `column` (which may be negative: the cut-off part of a wide character
    /// shows as blanks). Widths come from `DisplayWidth`, i.e. the C library's `wcwidth`,
    /// so the views measured exactly this. With `charset` `.ascii` every scalar past U+007E
    /// is its stand-in or `?` in each of its cells, and a combining mark is dropped.
    static func clip(_ text: String, column: Int, width: Int, charset: OutputCharset = .utf8, into buffer: inout [wchar_t]) {
        buffer.removeAll(keepingCapacity: true)
        var position = column
        var marks = 0
        for scalar in text.unicodeScalars {
            // Control characters are dropped (bytes from the network must never act on
            // the terminal); anything else unprintable shows as one '?'.
            if DisplayWidth.isControl(scalar) { continue }
            var code = wchar_t(bitPattern: scalar.value)
            let cells = DisplayWidth.of(scalar)
            if !DisplayWidth.isPrintable(scalar) { code = wchar_t(UInt8(ascii: "?")) }
            if charset == .ascii, scalar.value > 0x7E {
                if cells == 0 { continue }
                code = wchar_t(OutputCharset.asciiStandIn(for: scalar) ?? UInt8(ascii: "?"))
            }
            if position < 0 {
                if cells > 0, position + cells > 0 {
                    buffer.append(contentsOf: repeatElement(wchar_t(UInt8(ascii: " ")), count: position + cells))
                }
                position += cells
                continue
            }
            if cells == 0 {
                // A combining mark joins the character before it; with none, or past
                // what one cell holds, drop it.
                if !buffer.isEmpty, marks < DisplayWidth.marksPerCell {
                    buffer.append(code)
                    marks += 1
                }
                continue
            }
            if position + cells > width { break }
            buffer.append(code)
            // In ASCII a wide character's second cell is one more of the same.
            if charset == .ascii, cells == 2 { buffer.append(code) }
            marks = 0
            position += cells
        }
    }
}
