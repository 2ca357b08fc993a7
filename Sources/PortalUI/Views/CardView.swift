import PortalCore

/// Draws one character card: name (bold), a coloured status mark and status, species
/// (with " · type" when there is one). The selected card is drawn in reverse video.
public enum CardView {
    /// Rows of text in a card (the grid adds one blank row below).
    public static let textRows = 3

    public static func statusStyle(_ status: CharacterStatus) -> Style {
        switch status.kind {
        case .alive: Style(foreground: .green)
        case .dead: Style(foreground: .red)
        case .unknown: Style(dim: true)
        case .unrecognized: Style(foreground: .yellow)
        }
    }

    /// Draws the card's first `maxRows` rows at (top, left), `width` columns wide.
    public static func draw(_ character: PortalCore.Character, selected: Bool, top: Int, left: Int, width: Int, maxRows: Int, into screen: any Screen) {
        guard width > 0 else { return }
        var nameStyle = Style(bold: true)
        var plain = Style.plain
        var mark = statusStyle(character.status)
        if selected {
            nameStyle.reverse = true
            plain.reverse = true
            mark.reverse = true
        }
        let name = Sanitize.line(character.name)
        let status = Sanitize.line(character.status.rawValue)
        var species = Sanitize.line(character.species)
        if !character.type.isEmpty { species += " · " + Sanitize.line(character.type) }
        let lines: [[Span]] = [
            [Span(name, nameStyle)],
            [Span("●", mark), Span(" " + status, plain)],
            [Span(species, plain)],
        ]
        for (i, spans) in lines.enumerated() where i < maxRows {
            screen.draw(spans, row: top + i, column: left, width: width, fill: selected, fillStyle: plain)
        }
    }
}
