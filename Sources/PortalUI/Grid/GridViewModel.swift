/// Told by the grid when its viewport may need pages or the user opens a card.
@MainActor
public protocol GridViewModelDelegate: AnyObject {
    /// The viewport moved, resized or the count changed: the list asks for the pages
    /// near it (each page once; the list's per-page guard decides).
    func gridViewModelNeedsMore(_ grid: GridViewModel)
    /// The user opened the card at `index` (Enter).
    func gridViewModel(_ grid: GridViewModel, didActivate index: Int)
}

/// The geometry and state of the card grid, with no terminal in it: item count, columns,
/// card size, viewport, scroll offset (in rows of cards) and selection (an item index).
///
/// It tells its delegate after every movement, resize and count change, so the list can
/// ask for the pages near the viewport (which pages, and whether at all, is the list's
/// per-page rule). A page arriving never moves the selection or the visible rows —
/// except after End on a list that walks, when the selection follows the new last card
/// ("sticky end").
@MainActor
public final class GridViewModel {
    /// The narrowest card; columns are as many as fit, at least one.
    public nonisolated static let minCardWidth = 30
    /// Rows per card without a picture: name, status, species and one blank row.
    public nonisolated static let defaultCardHeight = 4
    /// Rows scrolled by one mouse-wheel step.
    public nonisolated static let wheelRows = 3

    public weak var delegate: (any GridViewModelDelegate)?

    /// Rows per card: `defaultCardHeight`, or more for cards with a picture (pictures).
    public private(set) var cardHeight = GridViewModel.defaultCardHeight
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

    public init() {}

    // MARK: Geometry

    public var columns: Int { max(1, width / Self.minCardWidth) }
    /// Each card's share of the width (the last column of it is a gap).
    public var cardWidth: Int { max(1, width / columns) }
    /// Whole rows of cards the viewport shows (at least one).
    public var viewportRows: Int { max(1, height / cardHeight) }
    public var contentRows: Int { (itemCount + columns - 1) / columns }
    public var maxOffsetRows: Int { max(0, contentRows - viewportRows) }

    public func row(of index: Int) -> Int { index / columns }

    /// The item indices whose cards are at least partly visible.
    public var visibleRange: Range<Int> {
        let firstRow = offsetRows
        let rowsShown = (height + cardHeight - 1) / cardHeight
        let lower = min(itemCount, firstRow * columns)
        let upper = min(itemCount, (firstRow + rowsShown) * columns)
        return lower..<upper
    }

    // MARK: Changes from the list

    /// The list's count changed in place (an addressable list learnt or changed its
    /// total): the selection and the first visible row stay, clamped to the new end
    /// (after End, the selection goes to the new last card).
    public func setItemCount(_ count: Int) {
        itemCount = max(0, count)
        if itemCount == 0 {
            selection = nil
        } else {
            // End pressed before the total was known lands on the last card now.
            selection = isStickyEnd ? itemCount - 1 : min(selection ?? 0, itemCount - 1)
        }
        offsetRows = clampOffset(offsetRows)
        ensureSelectionVisible()
        checkLoadMore()
    }

    /// A page was appended as one batch at `range`. Selection and offset stay put unless
    /// the user pressed End (sticky end), then the selection follows to the new last card.
    public func didInsert(_ range: Range<Int>) {
        itemCount = max(itemCount, range.upperBound)
        if selection == nil, itemCount > 0 { selection = 0 }
        if isStickyEnd, itemCount > 0 {
            selection = itemCount - 1
            ensureSelectionVisible()
        }
        checkLoadMore()
    }

    /// Empties the grid for a new list (a search).
    public func reset() {
        itemCount = 0
        offsetRows = 0
        selection = nil
        isStickyEnd = false
    }

    /// The terminal (or the space beside the detail pane) changed size: reflow the columns
    /// and keep the selected card in view, at about the same place on screen.
    public func resize(width: Int, height: Int) {
        let oldScreenRow = selection.map { row(of: $0) - offsetRows }
        self.width = max(0, width)
        self.height = max(0, height)
        if let selection, let oldScreenRow {
            offsetRows = row(of: selection) - min(max(0, oldScreenRow), viewportRows - 1)
        }
        offsetRows = clampOffset(offsetRows)
        ensureSelectionVisible()
        checkLoadMore()
    }

    /// Cards grew or shrank (pictures on cards turned on or off): reflow as a resize does.
    /// (pictures)
    public func setCardHeight(_ rows: Int) {
        let rows = max(1, rows)
        guard rows != cardHeight else { return }
        let oldScreenRow = selection.map { row(of: $0) - offsetRows }
        cardHeight = rows
        if let selection, let oldScreenRow {
            offsetRows = row(of: selection) - min(max(0, oldScreenRow), viewportRows - 1)
        }
        offsetRows = clampOffset(offsetRows)
        ensureSelectionVisible()
        checkLoadMore()
    }

    // MARK: Movement

    /// Moves the selection (or scrolls, for the wheel), then runs the load-more rule.
    public func move(_ movement: GridMovement) {
        isStickyEnd = movement == .last
        guard itemCount > 0, let current = selection else {
            checkLoadMore()
            return
        }
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
            if current + cols <= last {
                selection = current + cols
            } else if row(of: current) < row(of: last) {
                selection = last  // the row below is partly filled
            }
            // On the last row: stay; the load-more rule brings the next page.
        case .pageUp, .pageDown, .halfPageUp, .halfPageDown:
            let rows = movement == .pageUp || movement == .pageDown ? viewportRows : max(1, viewportRows / 2)
            let delta = movement == .pageUp || movement == .halfPageUp ? -rows : rows
            var target = current + delta * cols
            if target > last { target = row(of: current) == row(of: last) ? current : last }
            if target < 0 { target = current % cols }
            offsetRows = clampOffset(offsetRows + delta)
            selection = target
        case .first:
            selection = 0
            offsetRows = 0
        case .last:
            selection = last
        case .wheelUp, .wheelDown:
            let delta = movement == .wheelUp ? -Self.wheelRows : Self.wheelRows
            offsetRows = clampOffset(offsetRows + delta)
            // Keep the selection on screen, in its column.
            let r = row(of: current)
            let firstVisible = offsetRows
            let lastVisible = offsetRows + viewportRows - 1
            let newRow = min(max(r, firstVisible), lastVisible)
            if newRow != r { selection = min(last, newRow * cols + current % cols) }
            checkLoadMore()
            return
        }
        ensureSelectionVisible()
        checkLoadMore()
    }

    /// The selection stops following the last card as pages arrive (Esc on a walk).
    public func stopFollowingEnd() { isStickyEnd = false }

    /// Selects the card at `index` (clamped to the list), scrolled into view: `NG`.
    public func select(_ index: Int) {
        isStickyEnd = false
        guard itemCount > 0 else { return checkLoadMore() }
        selection = min(max(0, index), itemCount - 1)
        ensureSelectionVisible()
        checkLoadMore()
    }

    /// Opens the selected card (tells the delegate).
    public func activate() {
        guard let selection else { return }
        delegate?.gridViewModel(self, didActivate: selection)
    }

    /// Tells the delegate the viewport may want pages (once the grid has a size).
    public func checkLoadMore() {
        guard width > 0, height > 0 else { return }
        delegate?.gridViewModelNeedsMore(self)
    }

    // MARK: Helpers

    private func clampOffset(_ offset: Int) -> Int { min(max(0, offset), maxOffsetRows) }

    private func ensureSelectionVisible() {
        guard let selection else {
            offsetRows = clampOffset(offsetRows)
            return
        }
        let r = row(of: selection)
        if r < offsetRows { offsetRows = r }
        if r >= offsetRows + viewportRows { offsetRows = r - viewportRows + 1 }
        offsetRows = clampOffset(offsetRows)
    }
}
