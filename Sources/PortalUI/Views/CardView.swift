/// Draws one card: the lines its resource's description gives (the first bold, a status
/// mark or a count below). The selected card is drawn in reverse video across its width.
public enum CardView {
    /// Rows of text in a card (the grid adds one blank row below).
    public static let textRows = 3

    /// The card drawn where an item is not loaded: dim dots, "loading…" while its page is
    /// in flight, so a million-row list can be counted in full while a few pages are held.
    public static func placeholder(loading: Bool) -> CardContent {
        let dim = Style(dim: true)
        return CardContent(lines: [[Span(loading ? "loading…" : "·····", dim)], [Span("···", dim)]])
    }

    /// Draws the card's first `maxRows` rows at (top, left), `width` columns wide.
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
