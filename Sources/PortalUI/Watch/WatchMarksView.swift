import PortalCore

/// The `new` and `changed` marks of the list watch and `R`, drawn over the top right
/// corner of each marked card on screen (after the grid, before a pane beside it).
@MainActor
enum WatchMarksView {
    static func draw(_ c: ScreenController, in rect: Rect, into screen: any Screen) {
        let grid = c.grid.state
        guard rect.width > 0, rect.height > 0, grid.itemCount > 0, c.marks[c.activeTab] != nil else { return }
        for index in grid.visibleRange {
            guard let item = c.list.item(at: index), let mark = c.mark(of: item) else { continue }
            let top = rect.top + (grid.row(of: index) - grid.offsetRows) * grid.cardHeight
            let text = " \(mark) "
            let width = DisplayWidth.of(text)
            let left = rect.left + (index % grid.columns) * grid.cardWidth + grid.cardWidth - 1 - width
            guard top >= rect.top, top < rect.bottom, left > rect.left else { continue }
            let style = mark == "new" ? Style(foreground: .green, bold: true, reverse: true) : Style(foreground: .yellow, bold: true, reverse: true)
            screen.draw(text, row: top, column: left, width: width, style: style)
        }
    }
}
