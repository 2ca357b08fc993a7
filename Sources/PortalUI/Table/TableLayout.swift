import PortalCore

/// The table's horizontal geometry, pure arithmetic in display columns (never code points:
/// a CJK name is two columns a character): each column as wide as its widest cell on
/// screen or its header, within `minWidth…maxWidth`, two blank columns between them.
public enum TableLayout {
    /// Blank columns between two columns.
    public static let gap = 2
    /// The narrowest and widest a column gets; longer cells end in "…".
    public static let minWidth = 3
    public static let maxWidth = 32

    /// The width of each of `columns`, measured over `items` (the loaded rows on screen)
    /// and the headers as drawn (`header(of:)`).
    public static func widths(_ columns: [TableColumn], items: [Item], header: (TableColumn) -> String) -> [Int] {
        columns.map { column in
            var widest = DisplayWidth.fit(header(column), in: maxWidth).width
            for item in items where widest < maxWidth {
                widest = max(widest, DisplayWidth.fit(item.cell(column.key), in: maxWidth).width)
            }
            return min(maxWidth, max(minWidth, widest))
        }
    }

    /// The first column to draw so that column `selected` is on screen in `width`
    /// columns: `current` when it already is, else the nearest start that shows it (the
    /// selected column last when scrolling right, first when scrolling left).
    public static func firstColumn(from current: Int, showing selected: Int, widths: [Int], width: Int) -> Int {
        guard !widths.isEmpty else { return 0 }
        let selected = min(max(0, selected), widths.count - 1)
        var first = min(max(0, current), selected)
        // Move right until the selected column ends within the width (or is the first).
        while first < selected, span(widths, from: first, through: selected) > width { first += 1 }
        return first
    }

    /// Columns taken by the columns `from…through`, gaps between them included.
    static func span(_ widths: [Int], from: Int, through: Int) -> Int {
        guard from <= through else { return 0 }
        return widths[from...through].reduce(0, +) + gap * (through - from)
    }
}
