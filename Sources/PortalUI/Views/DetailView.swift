/// Draws the detail pane into a rectangle: beside the grid (with a rule on its left) or
/// over it (blanking what is below). Lines are cut to the pane's width, never wrapped.
@MainActor
public enum DetailView {
    public static func draw(_ model: DetailViewModel, in rect: Rect, beside: Bool, into screen: any Screen) {
        guard rect.width > 2, rect.height > 0 else { return }
        screen.fill(rect)
        var left = rect.left + 1
        if beside {
            for row in rect.top..<rect.bottom { screen.put("│", row: row, column: rect.left, style: Style(dim: true)) }
            left = rect.left + 2
        }
        let width = rect.right - left - 1
        let lines = model.lines
        let first = min(model.scroll, max(0, lines.count - 1))
        for (i, spans) in lines.dropFirst(first).prefix(rect.height).enumerated() {
            screen.draw(spans, row: rect.top + i, column: left, width: width)
        }
        // A marker when more lines are below or above.
        if first + rect.height < lines.count {
            screen.put("↓", row: rect.bottom - 1, column: rect.right - 1, style: Style(dim: true))
        }
        if first > 0 {
            screen.put("↑", row: rect.top, column: rect.right - 1, style: Style(dim: true))
        }
    }
}
