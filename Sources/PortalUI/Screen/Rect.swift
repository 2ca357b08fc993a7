/// A rectangle of cells on the screen, in rows and display columns.
public struct Rect: Sendable, Hashable, CustomStringConvertible {
    public var top: Int
    public var left: Int
    public var width: Int
    public var height: Int

    public init(top: Int, left: Int, width: Int, height: Int) {
        self.top = top
        self.left = left
        self.width = max(0, width)
        self.height = max(0, height)
    }

    public var bottom: Int { top + height }
    public var right: Int { left + width }
    public var description: String { "(\(top),\(left)) \(width)×\(height)" }
}

/// A run of text with one style; views build lines out of these.
public struct Span: Sendable, Hashable {
    public var text: String
    public var style: Style
    public init(_ text: String, _ style: Style = .plain) {
        self.text = text
        self.style = style
    }
}

extension Screen {
    /// Draws `text` cut to `width` display columns (ending in "…" when cut); with `fill`,
    /// pads with spaces in the same style to exactly `width`. Reads `text` only as far as
    /// fits, however long it is.
    public func draw(_ text: String, row: Int, column: Int, width: Int, style: Style = .plain, fill: Bool = false) {
        guard width > 0 else { return }
        let shown = fill ? DisplayWidth.pad(text, to: width) : DisplayWidth.truncate(text, to: width)
        put(shown, row: row, column: column, style: style)
    }

    /// Draws styled spans one after another within `width` columns. When they do not all
    /// fit, the span that reaches the edge is cut with "…" and the rest are dropped. With
    /// `fill`, pads to `width` in `fillStyle`. Each span is read only as far as fits.
    public func draw(_ spans: [Span], row: Int, column: Int, width: Int, fill: Bool = false, fillStyle: Style = .plain) {
        guard width > 0 else { return }
        // Each span as far as it fits in what is left; whether all of them fit whole.
        var fitted: [(text: String, width: Int, cut: Bool)] = []
        var room = width
        var allFit = true
        for span in spans {
            let piece = DisplayWidth.fit(span.text, in: room)
            fitted.append(piece)
            room -= piece.width
            if piece.cut {
                allFit = false
                break
            }
        }
        var col = column
        var left = width
        for (span, piece) in zip(spans, fitted) {
            if allFit || (!piece.cut && piece.width < left) {
                put(piece.text, row: row, column: col, style: span.style)
                col += piece.width
                left -= piece.width
                continue
            }
            // This span reaches the edge: keep what fits before a final "…".
            let cut = DisplayWidth.beforeEllipsis(piece.text, in: left - 1)
            let cutWidth = DisplayWidth.of(cut)
            put(cut + DisplayWidth.ellipsis, row: row, column: col, style: span.style)
            col += cutWidth + 1
            left -= cutWidth + 1
            break
        }
        if fill, left > 0 { put(String(repeating: " ", count: left), row: row, column: col, style: fillStyle) }
    }

    /// Blanks a rectangle in `style`.
    public func fill(_ rect: Rect, style: Style = .plain) {
        guard rect.width > 0 else { return }
        let blank = String(repeating: " ", count: rect.width)
        for row in rect.top..<rect.bottom { put(blank, row: row, column: rect.left, style: style) }
    }
}
