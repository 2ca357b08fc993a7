import PortalCore
import PortalPaging

/// Draws a tab's list as a table (`t`): a header row of column names (the selected column
/// in reverse, the sorted one with its arrow, `‹`/`›` where columns are scrolled off),
/// then one row per item from the grid's state laid out one column wide and one row high
/// — the same selection, offset and placeholders as the cards. A pure function of its
/// inputs; cells are sanitised (`Item.cell`) and measured in display columns.
@MainActor
public enum TableView {
    /// The header of `column`: its name, with the sort's arrow when the list is sorted by it.
    public static func header(of column: TableColumn, sort: ListSort?) -> String {
        guard let sort, sort.field == column.key else { return column.title }
        return column.title + (sort.descending ? " ↓" : " ↑")
    }

    /// The loaded items on screen, whose cells the widths are measured over.
    public static func shownItems(grid: GridState, slot: (Int) -> SparseSlot<Item>) -> [Item] {
        grid.visibleRange.compactMap { index in
            if case .item(let item) = slot(index) { return item }
            return nil
        }
    }

    /// The widths of `table`'s columns this frame.
    public static func widths(_ table: TableState, grid: GridState, slot: (Int) -> SparseSlot<Item>, sort: ListSort?) -> [Int] {
        TableLayout.widths(table.columns, items: shownItems(grid: grid, slot: slot), header: { header(of: $0, sort: sort) })
    }

    public static func draw(_ table: TableState, grid: GridState, slot: (Int) -> SparseSlot<Item>, note: GridNote, sort: ListSort?,
                            in rect: Rect, into screen: any Screen) {
        guard rect.width > 2, rect.height > 1 else { return }
        let widths = widths(table, grid: grid, slot: slot, sort: sort)
        let left = rect.left + 1
        let width = rect.width - 2
        let first = min(table.firstColumn, max(0, table.columns.count - 1))
        let shown = shownColumns(from: first, widths: widths, width: width)
        drawHeader(table, shown: shown, widths: widths, sort: sort, row: rect.top, left: left, width: width, into: screen)
        if first > 0 { screen.put("‹", row: rect.top, column: rect.left, style: Style(dim: true)) }
        if let last = shown.last, last < table.columns.count - 1 || TableLayout.span(widths, from: first, through: last) > width {
            screen.put("›", row: rect.top, column: rect.right - 1, style: Style(dim: true))
        }
        let body = Rect(top: rect.top + 1, left: rect.left, width: rect.width, height: rect.height - 1)
        guard grid.itemCount > 0 else {
            return GridView.draw(grid: grid, slot: slot, note: note, in: body, into: screen)
        }
        for index in grid.visibleRange {
            let row = body.top + (index - grid.offsetRows)
            guard row >= body.top, row < body.bottom else { continue }
            let selected = index == grid.selection
            switch slot(index) {
            case .item(let item):
                let text = shown.map { DisplayWidth.pad(item.cell(table.columns[$0].key), to: widths[$0]) }
                    .joined(separator: String(repeating: " ", count: TableLayout.gap))
                screen.draw(text, row: row, column: left, width: width, style: Style(reverse: selected), fill: selected)
            case .placeholder(let loading):
                screen.draw(loading ? "loading…" : "·····", row: row, column: left, width: width,
                            style: Style(dim: true, reverse: selected), fill: selected)
            }
        }
        if note == .loading {
            let row = body.top + grid.itemCount - grid.offsetRows
            if row >= body.top, row < body.bottom {
                screen.draw("loading more…", row: row, column: left, width: width, style: Style(dim: true))
            }
        }
    }

    /// The columns drawn from `first`: each that starts with room for at least
    /// `TableLayout.minWidth` of it (the last may be cut with "…").
    static func shownColumns(from first: Int, widths: [Int], width: Int) -> [Int] {
        var shown: [Int] = []
        var start = 0
        for index in first..<max(first, widths.count) {
            guard start + min(widths[index], TableLayout.minWidth) <= width else { break }
            shown.append(index)
            start += widths[index] + TableLayout.gap
        }
        return shown
    }

    private static func drawHeader(_ table: TableState, shown: [Int], widths: [Int], sort: ListSort?, row: Int, left: Int, width: Int,
                                   into screen: any Screen) {
        var spans: [Span] = []
        for (n, index) in shown.enumerated() {
            if n > 0 { spans.append(Span(String(repeating: " ", count: TableLayout.gap))) }
            let text = DisplayWidth.pad(header(of: table.columns[index], sort: sort), to: widths[index])
            spans.append(Span(text, Style(bold: true, reverse: index == table.selectedColumn, underline: index != table.selectedColumn)))
        }
        screen.draw(spans, row: row, column: left, width: width)
    }
}
