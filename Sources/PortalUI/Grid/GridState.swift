import PortalCore

/// The card grid as a value: item count, size, scroll offset (in rows of cards) and
/// selection (an item index) — ratatui's `ListState` for a grid.
///
/// Every change is a pure mutating function with no callback into anything: the
/// controller changes the state, then its planning step reads it to decide which pages
/// the screen needs. A page arriving never moves the selection or the visible rows —
/// except after End on a list that walks, when the selection follows the new last card
/// ("sticky end").
///
/// Counts come from servers, so all arithmetic saturates: a total near `Int.max` lays
/// out as a very long grid, it never traps.
public struct GridState: Sendable, Equatable {
    /// The narrowest card; columns are as many as fit, at least one.
    public static let minCardWidth = 30
    /// Rows per card by default: name, status, species and one blank row between cards.
    public static let defaultCardHeight = 4
    /// Rows scrolled by one mouse-wheel step.
    public static let wheelRows = 3

    /// Rows per card, the blank row below it included (at least 1).
    public private(set) var cardHeight: Int
    public private(set) var itemCount = 0
    /// The grid area in display columns and terminal rows.
    public private(set) var width = 0
    public private(set) var height = 0
    /// The first visible row of cards.
    public private(set) var offsetRows = 0
    /// The selected item, nil while the list is empty.
    public private(set) var selection: Int?
    /// Set by End: the selection follows the last card as pages arrive.
    public private(set) var isStickyEnd = false
    /// One card a row whatever the width: the table view (`t`), whose rows are cards one
    /// row high, so its selection, jumps and pages are the grid's own.
    public private(set) var isSingleColumn = false

    public init(cardHeight: Int = GridState.defaultCardHeight) {
        self.cardHeight = max(1, cardHeight)
    }

    // MARK: Geometry

    public var columns: Int { isSingleColumn ? 1 : max(1, width / Self.minCardWidth) }
    /// Each card's share of the width (the last column of it is a gap).
    public var cardWidth: Int { max(1, width / columns) }
    /// Whole rows of cards the viewport shows (at least one).
    public var viewportRows: Int { max(1, height / cardHeight) }
    /// Rows of cards the whole list takes (the last one may be partly filled).
    public var contentRows: Int { itemCount / columns + (itemCount % columns == 0 ? 0 : 1) }
    public var maxOffsetRows: Int { max(0, contentRows - viewportRows) }
    /// Whether the grid has been given an area yet (nothing is planned before).
    public var hasArea: Bool { width > 0 && height > 0 }

    public func row(of index: Int) -> Int { index / columns }

    /// The item indices whose cards are at least partly visible.
    public var visibleRange: Range<Int> {
        let rowsShown = height / cardHeight + (height % cardHeight == 0 ? 0 : 1)
        let lower = min(itemCount, Saturating.multiply(offsetRows, columns))
        let upper = min(itemCount, Saturating.multiply(Saturating.add(offsetRows, rowsShown), columns))
        return lower..<max(lower, upper)
    }

    // MARK: Changes from the list

    /// The list's count changed in place (an addressable list learnt or changed its
    /// total): the selection and the first visible row stay, clamped to the new end
    /// (after End, the selection goes to the new last card).
    public mutating func setItemCount(_ count: Int) {
        itemCount = max(0, count)
        if itemCount == 0 {
            selection = nil
        } else {
            // End pressed before the total was known lands on the last card now.
            selection = isStickyEnd ? itemCount - 1 : min(selection ?? 0, itemCount - 1)
        }
        offsetRows = clampOffset(offsetRows)
        ensureSelectionVisible()
    }

    /// A page was appended as one batch at `range`. Selection and offset stay put unless
    /// the user pressed End (sticky end), then the selection follows to the new last card.
    public mutating func didInsert(_ range: Range<Int>) {
        itemCount = max(itemCount, range.upperBound)
        if selection == nil, itemCount > 0 { selection = 0 }
        if isStickyEnd, itemCount > 0 {
            selection = itemCount - 1
            ensureSelectionVisible()
        }
    }

    /// A live list put one record at `index` (issue 38): the rows from there on move one
    /// down, and the selection goes with its record (`selectionMoved`). A live list's rows
    /// move under the user, so End's following of the last card ends here.
    public mutating func didInsert(at index: Int) {
        itemCount = Saturating.add(itemCount, 1)
        isStickyEnd = false
        guard let current = selection else {
            selection = 0
            return
        }
        if index <= current { selectionMoved(to: current + 1) } else { ensureSelectionVisible() }
    }

    /// The selected record is at `index` now (rows put or dropped above it): the selection
    /// goes with it. Scrolled down, it keeps its screen row — `screenRow` (rows of cards
    /// below the first shown) when given, else the one it has — so the grid scrolls with it
    /// and rows put above the screen show nothing; at the very top the grid stays at the
    /// top (a row put above shows there, the selected card moves down, kept in view).
    public mutating func selectionMoved(to index: Int, screenRow: Int? = nil) {
        guard let current = selection, itemCount > 0 else { return }
        let target = min(max(0, index), itemCount - 1)
        let kept = screenRow ?? row(of: current) - offsetRows
        if offsetRows > 0 || screenRow != nil { offsetRows = clampOffset(Saturating.add(row(of: target), -kept)) }
        selection = target
        isStickyEnd = false
        ensureSelectionVisible()
    }

    /// The selected card's row on screen (rows of cards below the first shown); nil at the
    /// very top of the list, where the grid stays when rows are put above.
    public var selectionScreenRow: Int? {
        guard offsetRows > 0, let selection else { return nil }
        return row(of: selection) - offsetRows
    }

    /// Empties the grid for a new list (a search).
    public mutating func reset() {
        itemCount = 0
        offsetRows = 0
        selection = nil
        isStickyEnd = false
    }

    /// The terminal (or the space beside the detail pane) changed size: reflow the columns
    /// and keep the selected card in view, at about the same place on screen. With
    /// `singleColumn` the grid turns into the table's rows (or back into cards).
    public mutating func resize(width: Int, height: Int, cardHeight: Int? = nil, singleColumn: Bool? = nil) {
        let oldScreenRow = selection.map { row(of: $0) - offsetRows }
        let oldFirst = Saturating.multiply(offsetRows, columns)
        let turns = singleColumn.map { $0 != isSingleColumn } ?? false
        self.width = max(0, width)
        self.height = max(0, height)
        if let cardHeight { self.cardHeight = max(1, cardHeight) }
        if let singleColumn { isSingleColumn = singleColumn }
        if turns {
            // Cards ↔ table: the first item on screen stays first (the selection is kept in view below).
            offsetRows = row(of: oldFirst)
        } else if let selection, let oldScreenRow {
            offsetRows = row(of: selection) - min(max(0, oldScreenRow), viewportRows - 1)
        }
        offsetRows = clampOffset(offsetRows)
        ensureSelectionVisible()
    }

    // MARK: Movement

    /// Moves the selection (or scrolls, for the wheel).
    public mutating func move(_ movement: GridMovement) {
        isStickyEnd = movement == .last
        guard itemCount > 0, let current = selection else { return }
        let last = itemCount - 1
        let cols = columns
        switch movement {
        case .left:
            selection = max(0, current - 1)
        case .right:
            selection = min(last, current + 1)
        case .up:
            if current - cols >= 0 { selection = current - cols }
        case .down:
            if Saturating.add(current, cols) <= last {
                selection = current + cols
            } else if row(of: current) < row(of: last) {
                selection = last  // the row below is partly filled
            }
            // On the last row: stay; the planner brings the next page.
        case .pageUp, .pageDown, .halfPageUp, .halfPageDown:
            let rows = movement == .pageUp || movement == .pageDown ? viewportRows : max(1, viewportRows / 2)
            let delta = movement == .pageUp || movement == .halfPageUp ? -rows : rows
            var target = Saturating.add(current, Saturating.multiply(delta, cols))
            if target > last { target = row(of: current) == row(of: last) ? current : last }
            if target < 0 { target = current % cols }
            offsetRows = clampOffset(Saturating.add(offsetRows, delta))
            selection = target
        case .first:
            selection = 0
            offsetRows = 0
        case .last:
            selection = last
        case .wheelUp, .wheelDown:
            let delta = movement == .wheelUp ? -Self.wheelRows : Self.wheelRows
            offsetRows = clampOffset(Saturating.add(offsetRows, delta))
            // Keep the selection on screen, in its column.
            let r = row(of: current)
            let lastVisible = Saturating.add(offsetRows, viewportRows - 1)
            let newRow = min(max(r, offsetRows), lastVisible)
            if newRow != r { selection = min(last, Saturating.add(Saturating.multiply(newRow, cols), current % cols)) }
            return
        }
        ensureSelectionVisible()
    }

    /// The selection stops following the last card as pages arrive (Esc on a walk).
    public mutating func stopFollowingEnd() { isStickyEnd = false }

    /// Selects the card at `index` (clamped to the list), scrolled into view: `:N`.
    public mutating func select(_ index: Int) {
        isStickyEnd = false
        guard itemCount > 0 else { return }
        selection = min(max(0, index), itemCount - 1)
        ensureSelectionVisible()
    }

    // MARK: Helpers

    private func clampOffset(_ offset: Int) -> Int { min(max(0, offset), maxOffsetRows) }

    private mutating func ensureSelectionVisible() {
        guard let selection else {
            offsetRows = clampOffset(offsetRows)
            return
        }
        let r = row(of: selection)
        if r < offsetRows { offsetRows = r }
        if r >= Saturating.add(offsetRows, viewportRows) { offsetRows = r - viewportRows + 1 }
        offsetRows = clampOffset(offsetRows)
    }
}
