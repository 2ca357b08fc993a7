/// Draws one card: the lines its resource's description gives (the first bold, a status
/// mark or a count below), and on a card with a picture the picture on its left with the
/// text beside it. The selected card's text is drawn in reverse video across its width.
public enum CardView {
    /// Rows of text in a card (the grid adds one blank row below).
    public static let textRows = 3
    /// The picture on a card: columns × rows of cells (a square picture in 1:2 cells).
    public static let pictureColumns = 10
    public static let pictureRows = 5
    /// Rows of a card with a picture, the blank row below included.
    public static let pictureCardHeight = pictureRows + 1
    /// Rows of a card without one.

    /// The card drawn where an item is not loaded: dim dots, "loading…" while its page is
    /// in flight, so a million-row list can be counted in full while a few pages are held.
    public static func placeholder(loading: Bool) -> CardContent {
        let dim = Style(dim: true)
        return CardContent(lines: [[Span(loading ? "loading…" : "·····", dim)], [Span("···", dim)]])
    }

    /// The picture slot of a card: what to draw, how, and where the pixels are.
    @MainActor
    public struct Picture {
        public var content: PictureView.Content
        public var mode: PictureMode
        public var store: PictureStore

        public init(content: PictureView.Content, mode: PictureMode, store: PictureStore) {
            self.content = content
            self.mode = mode
            self.store = store
        }
    }

    /// Draws the card's first `maxRows` rows at (top, left), `width` columns wide: with a
    /// picture slot, the picture first (left) and the text beside it.
    @MainActor
    public static func draw(_ card: CardContent, selected: Bool, picture: Picture?, top: Int, left: Int, width: Int, maxRows: Int,
                            into screen: any Screen) {
        guard let picture, width > pictureColumns + 8 else {
            return draw(card, selected: selected, top: top, left: left, width: width, maxRows: maxRows, into: screen)
        }
        // Only whole pictures: a card cut by the bottom edge shows its text only.
        if maxRows >= pictureRows {
            let rect = Rect(top: top, left: left, width: pictureColumns, height: pictureRows)
            PictureView.draw(picture.content, in: rect, mode: picture.mode, store: picture.store, into: screen)
        }
        draw(card, selected: selected, top: top, left: left + pictureColumns + 1, width: width - pictureColumns - 1,
             maxRows: maxRows, into: screen)
    }

    /// Draws the card's text: its first `maxRows` rows at (top, left), `width` columns wide.
    public static func draw(_ card: CardContent, selected: Bool, top: Int, left: Int, width: Int, maxRows: Int, into screen: any Screen) {
        guard width > 0 else { return }
        let fillStyle = Style(reverse: selected)
        for (i, line) in card.lines.prefix(textRows).enumerated() where i < maxRows {
            let spans = selected ? line.map { Span($0.text, reversed($0.style)) } : line
            screen.draw(spans, row: top + i, column: left, width: width, fill: selected, fillStyle: fillStyle)
        }
        if selected {
            for i in card.lines.count..<textRows where i < maxRows {
                screen.draw("", row: top + i, column: left, width: width, style: fillStyle, fill: true)
            }
        }
    }

    private static func reversed(_ style: Style) -> Style {
        var s = style
        s.reverse = true
        return s
    }
}
