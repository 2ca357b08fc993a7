import PortalCore

/// The `new`, `changed` and `deleted` marks (`LiveMark`) of the list watch, `R` and a live
/// list, drawn over the top right corner of each marked card on screen (after the grid, before a pane beside it), and
/// over the right end of each marked row of the table (the grid then is one column of
/// rows one high, under the table's header).
@MainActor
enum WatchMarksView {
    static func draw(_ c: ScreenController, in rect: Rect, into screen: any Screen) {
        let grid = c.grid.state
        guard rect.width > 0, rect.height > 0, grid.itemCount > 0, c.hasMarks else { return }
        for index in grid.visibleRange {
            guard let item = c.list.item(at: index), let mark = c.shownMark(of: item) else { continue }
            let top = rect.top + (grid.row(of: index) - grid.offsetRows) * grid.cardHeight
            let text = " \(mark.rawValue) "
            let width = DisplayWidth.of(text)
            // A table's rows may be wider than the screen (its columns scroll): the mark stays on it.
            let right = min(rect.left + (index % grid.columns) * grid.cardWidth + grid.cardWidth, rect.right)
            let left = right - 1 - width
            guard top >= rect.top, top < rect.bottom, left > rect.left else { continue }
            screen.draw(text, row: top, column: left, width: width, style: mark.style)
        }
    }
}
