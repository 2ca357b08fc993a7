import PortalCore

/// The load-more rule, as a pure function of a grid's state: which items the viewport
/// shows, and how many items beyond it to load on the side the user is heading.
///
/// With the list's per-page rule (`SparseList.ticketsForPages`: each page once, never
/// while in flight, the next page of a walking list when the margin reaches past what is
/// loaded) this is the whole of "load more": it fires once per page at any key rhythm,
/// and a viewport taller than what is loaded keeps asking until it is full (a first page
/// too short to scroll still loads the next).
public struct PageWindow: Sendable, Equatable, CustomStringConvertible {
    /// The item indices on screen.
    public var visible: Range<Int>
    /// Items above the viewport to load.
    public var before: Int
    /// Items below the viewport to load.
    public var after: Int

    public init(visible: Range<Int>, before: Int, after: Int) {
        self.visible = visible
        self.before = before
        self.after = after
    }

    /// The window for `grid`, `rowsBeyond` rows of cards past its leading edge.
    ///
    /// Leading is the way the user last scrolled (`direction`), or the only way there is
    /// at either end of the list: at the top it is down, at the bottom (End) up, so End
    /// asks for the pages it shows and the one above.
    public static func of(_ grid: GridState, rowsBeyond: Int, direction: PrefetchDistance.Direction) -> PageWindow {
        let items = Saturating.multiply(max(0, rowsBeyond), grid.columns)
        let down = leadsDown(grid, direction: direction)
        return PageWindow(visible: grid.visibleRange, before: down ? 0 : items, after: down ? items : 0)
    }

    /// Whether the leading side is below the viewport: the way the user last scrolled, or
    /// the only way there is at either end (down at the top, up at the bottom).
    public static func leadsDown(_ grid: GridState, direction: PrefetchDistance.Direction) -> Bool {
        let atEnd = grid.offsetRows > 0 && grid.offsetRows >= grid.maxOffsetRows
        return grid.offsetRows == 0 || (direction == .down && !atEnd)
    }

    /// Rows of cards one page fills in `grid` (at least one).
    public static func pageRows(perPage: Int, in grid: GridState) -> Int {
        let columns = grid.columns
        return max(1, perPage / columns + (perPage % columns == 0 ? 0 : 1))
    }

    public var description: String { "\(visible) -\(before) +\(after)" }
}
