import PortalCore

/// Where things go: the layout for the size and the pane, the grid's rectangle and card
/// height (cards grow for pictures; the table's rows are cards one row high), and the
/// pane's rows and text width.
extension ScreenController {
    public var layout: Layout { Layout(size: size, detailOpen: pane != nil) }

    /// Rows of the pane taken by the breadcrumb (none for a single pane).
    var paneChromeRows: Int { tab.panes.count > 1 ? 1 : 0 }

    /// Rows the pane's content has on screen.
    var paneRows: Int { layout.detail.height - paneChromeRows }

    /// Columns the pane's text has on screen (long values wrap to it).
    var paneTextWidth: Int { DetailView.textWidth(of: layout.detail, beside: layout.isSideBySide) }

    /// Gives the active grid its rectangle for the current size and pane.
    func relayout() {
        guard started else { return }
        let layout = self.layout
        if !layout.isTooSmall {
            // The table's rows are the grid's cards, one column of them one row high.
            let rows = tab.table.isShown ? tableRows(in: layout) : (width: layout.grid.width, height: layout.grid.height)
            grid.state.resize(width: rows.width, height: rows.height, cardHeight: cardHeight(in: layout), singleColumn: tab.table.isShown)
        }
        pane?.clampScroll(viewRows: paneRows)
    }

    /// Rows a card takes: cards grow to fit a picture when they show one.
    func cardHeight(in layout: Layout) -> Int {
        if tab.table.isShown { return 1 }
        return cardsShowPictures(tab, in: layout) ? CardView.pictureCardHeight : GridState.defaultCardHeight
    }

    /// Lays the grid out again when its cards changed height since: a table learns that
    /// its rows have pictures only when they arrive, after the tab was laid out.
    func followCardHeight() {
        let layout = self.layout
        guard started, !layout.isTooSmall, cardHeight(in: layout) != grid.state.cardHeight else { return }
        relayout()
    }
}
