/// Where everything goes for a terminal size: header, body (grid and detail pane), status
/// line and footer. Pure arithmetic, so views and view models agree on every rectangle.
public struct Layout: Sendable, Equatable {
    /// Below this the screen says "terminal too small".
    public static let minimum = Size(columns: 30, rows: 8)
    /// From this width the detail pane sits beside the grid instead of over it.
    public static let sideBySideWidth = 100

    public let size: Size
    public let detailOpen: Bool

    public init(size: Size, detailOpen: Bool) {
        self.size = size
        self.detailOpen = detailOpen
    }

    public var isTooSmall: Bool { size.columns < Self.minimum.columns || size.rows < Self.minimum.rows }
    public var headerRow: Int { 0 }
    public var statusRow: Int { size.rows - 2 }
    public var footerRow: Int { size.rows - 1 }
    public var body: Rect { Rect(top: 1, left: 0, width: size.columns, height: size.rows - 3) }
    /// Whether the open detail pane sits beside the grid.
    public var isSideBySide: Bool { detailOpen && size.columns >= Self.sideBySideWidth }
    public var paneWidth: Int { max(40, size.columns * 2 / 5) }

    /// The grid's rectangle: the body, less the pane when it sits beside.
    public var grid: Rect {
        isSideBySide ? Rect(top: body.top, left: 0, width: size.columns - paneWidth, height: body.height) : body
    }

    /// The detail pane's rectangle (beside the grid, or over it).
    public var detail: Rect {
        isSideBySide ? Rect(top: body.top, left: size.columns - paneWidth, width: paneWidth, height: body.height) : body
    }
}
