/// Draws a detail pane into a rectangle: beside the grid (with a rule on its left) or
/// over it (blanking what is below). Lines are cut to the pane's width (long values of an
/// item of any API come already wrapped to it: `DetailPane.setTextWidth`). A
/// trail of more than one pane puts a breadcrumb on the first row (`Rick Sanchez › S01E01
/// Pilot › Morty Smith`); link rows are underlined, the highlighted one reversed.
///
/// An item with a picture has it at the top right of the content (`PictureView`: libchafa
/// symbol cells, or real pixels where the terminal draws them); the
/// lines beside it are cut short to make room (scrolled down, it gives way to the text:
/// pixels cannot be cut at a row). While it is on its way the place stays
/// blank; when there is none the place says why. In a pane too small for it, the pane
/// looks exactly as without one.
@MainActor
public enum DetailView {
    /// The avatar's size in cells for a pane whose text area is `width` columns wide and
    /// `height` rows high (square pixels: half as many rows as columns), or nil when it
    /// would crowd the text out. It grows with the pane — two fifths of its width, half its
    /// height, 40 × 20 at most — from 16 × 8 (20 × 10 in a pane 64 wide), so symbols have
    /// the cells to show a face (issue 27, item 10).
    public static func avatarCells(width: Int, height: Int) -> (columns: Int, rows: Int)? {
        let least: (columns: Int, rows: Int)
        if width >= 64, height >= 14 {
            least = (20, 10)
        } else if width >= 37, height >= 10 {
            least = (16, 8)
        } else {
            return nil
        }
        let columns = min(width * 2 / 5, height, 40) / 2 * 2
        return columns > least.columns ? (columns, columns / 2) : least
    }

    /// The columns a pane's text gets in `outer` (the rule and margins taken off).
    public static func textWidth(of outer: Rect, beside: Bool) -> Int {
        max(0, outer.width - (beside ? 3 : 2))
    }

    public static func draw(_ model: DetailPane, breadcrumb: [String], picture: CardView.Picture? = nil, in outer: Rect, beside: Bool,
                            into screen: any Screen) {
        guard outer.width > 2, outer.height > 0 else { return }
        screen.fill(outer)
        var left = outer.left + 1
        if beside {
            for row in outer.top..<outer.bottom { screen.put("│", row: row, column: outer.left, style: Style(dim: true)) }
            left = outer.left + 2
        }
        let width = textWidth(of: outer, beside: beside)
        var rect = outer
        if breadcrumb.count > 1, outer.height > 1 {
            drawBreadcrumb(breadcrumb, row: outer.top, column: left, width: width, into: screen)
            rect = Rect(top: outer.top + 1, left: outer.left, width: outer.width, height: outer.height - 1)
        }
        let highlighted = model.highlightedLine
        let lines = model.lines
        let first = min(model.scroll, max(0, lines.count - 1))

        var avatar: (columns: Int, rows: Int)?
        // Only while the top of the content is on screen: pixels cannot be cut at a row.
        if picture != nil, first == 0, let cells = avatarCells(width: width, height: rect.height) { avatar = cells }

        for (i, line) in lines.dropFirst(first).prefix(rect.height).enumerated() {
            let index = first + i
            let spans = index == highlighted
                ? line.spans.map { Span($0.text, Style(foreground: $0.style.foreground, bold: $0.style.bold, reverse: true)) } : line.spans
            let lineWidth = avatar.map { index < $0.rows ? width - $0.columns - 1 : width } ?? width
            screen.draw(spans, row: rect.top + i, column: left, width: lineWidth, fill: index == highlighted, fillStyle: Style(reverse: true))
        }
        if let avatar, let picture, avatar.rows <= rect.height {
            let box = Rect(top: rect.top, left: left + width - avatar.columns, width: avatar.columns, height: avatar.rows)
            PictureView.draw(picture.content, in: box, mode: picture.mode, store: picture.store, into: screen)
        }
        // A marker when more lines are below or above.
        if first + rect.height < lines.count {
            screen.put("↓", row: rect.bottom - 1, column: rect.right - 1, style: Style(dim: true))
        }
        if first > 0 {
            screen.put("↑", row: rect.top, column: rect.right - 1, style: Style(dim: true))
        }
    }

    /// The trail, oldest first; when it does not fit, its start gives way to "…".
    static func drawBreadcrumb(_ trail: [String], row: Int, column: Int, width: Int, into screen: any Screen) {
        let separator = " › "
        var parts = trail
        var text = parts.joined(separator: separator)
        while DisplayWidth.of(text) > width, parts.count > 1 {
            parts.removeFirst()
            text = "…" + separator + parts.joined(separator: separator)
        }
        screen.draw(text, row: row, column: column, width: width, style: Style(foreground: .cyan, dim: true))
    }
}
