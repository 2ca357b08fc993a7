/// One tab's table view (`t`): whether it is shown instead of the cards, its columns, the
/// selected column (←/→; `s` sorts by it) and the first column on screen. The rows are
/// the tab's `GridState` laid out with one column and cards one row high, so selection,
/// jumps, placeholders and the page planner are the grid's own.
public struct TableState: Sendable, Equatable {
    /// Whether the tab shows the table (kept per tab).
    public var isShown = false
    /// The columns, fixed from the first item seen (so they do not change as rows of
    /// another shape scroll by); empty until an item is loaded.
    public private(set) var columns: [TableColumn] = []
    /// The selected column: ←/→ move it, `s` sorts by it.
    public private(set) var selectedColumn = 0
    /// The first column drawn (the ones before it are scrolled off to the left).
    public private(set) var firstColumn = 0

    public init() {}

    /// Takes the columns once (later calls keep the first choice).
    public mutating func adopt(_ columns: [TableColumn]) {
        guard self.columns.isEmpty, !columns.isEmpty else { return }
        self.columns = columns
        selectedColumn = min(selectedColumn, columns.count - 1)
    }

    /// ←/→: the selected column moves by `delta`, within the columns.
    public mutating func moveColumn(by delta: Int) {
        guard !columns.isEmpty else { return }
        selectedColumn = min(max(0, selectedColumn + delta), columns.count - 1)
        if selectedColumn < firstColumn { firstColumn = selectedColumn }
    }

    /// Selects the column named `key`, if there is one (a sort chosen elsewhere).
    public mutating func selectColumn(key: String) {
        if let index = columns.firstIndex(where: { $0.key == key }) { moveColumn(by: index - selectedColumn) }
    }

    /// The selected column, if any.
    public var selected: TableColumn? { columns.indices.contains(selectedColumn) ? columns[selectedColumn] : nil }

    /// Scrolls the columns so the selected one is on screen in `width` columns, given the
    /// columns' `widths` this frame (`TableLayout.firstColumn`).
    public mutating func scrollToSelected(widths: [Int], width: Int) {
        firstColumn = TableLayout.firstColumn(from: firstColumn, showing: selectedColumn, widths: widths, width: width)
    }
}
