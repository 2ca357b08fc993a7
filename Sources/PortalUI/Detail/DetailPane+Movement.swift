import PortalCore

/// Moving through a pane: the highlight over its stops (links and foldable nodes) and the
/// scroll, kept valid for the rows the pane has on screen.
extension DetailPane {
    // MARK: Movement

    /// ↓: the next link or node (scrolled into view); past the last link, one line of scroll.
    public func linkDown(viewRows: Int) {
        let all = stops
        if let h = highlight, h + 1 < all.count {
            highlight = h + 1
            reveal(all[h + 1].line, viewRows: viewRows)
        } else if highlight == nil, let first = all.first {
            highlight = 0
            reveal(first.line, viewRows: viewRows)
        } else {
            scroll(by: 1, viewRows: viewRows)
        }
    }

    /// ↑: the previous link; before the first, one line of scroll back.
    public func linkUp(viewRows: Int) {
        let all = stops
        if let h = highlight, h > 0 {
            highlight = h - 1
            reveal(all[h - 1].line, viewRows: viewRows)
        } else {
            scroll(by: -1, viewRows: viewRows)
        }
    }

    /// Scrolls by `delta` lines within a pane `viewRows` high; the highlight follows onto
    /// the screen (the nearest visible link).
    public func scroll(by delta: Int, viewRows: Int) {
        scroll = clamp(scroll + delta, viewRows: viewRows)
        followScroll(viewRows: viewRows)
    }

    /// Scrolls to the top (`toEnd` false) or the bottom.
    public func scroll(toEnd: Bool, viewRows: Int) {
        scroll = toEnd ? clamp(Int.max / 2, viewRows: viewRows) : 0
        followScroll(viewRows: viewRows)
    }

    /// Keeps the scroll valid for a pane `viewRows` high (after a resize or new content).
    public func clampScroll(viewRows: Int) {
        scroll = clamp(scroll, viewRows: viewRows)
    }

    func reveal(_ line: Int, viewRows: Int) {
        let rows = max(1, viewRows)
        if line < scroll { scroll = line }
        if line >= scroll + rows { scroll = line - rows + 1 }
        scroll = clamp(scroll, viewRows: viewRows)
    }

    /// After a scroll, a highlight that left the screen moves to the nearest link on it.
    func followScroll(viewRows: Int) {
        guard let line = highlightedLine else { return }
        let rows = max(1, viewRows)
        let visible = scroll..<(scroll + rows)
        guard !visible.contains(line) else { return }
        let all = stops
        if let index = all.firstIndex(where: { visible.contains($0.line) }) {
            highlight = line < scroll ? index : (all.lastIndex(where: { visible.contains($0.line) }) ?? index)
        }
    }

    /// `value` as a scroll valid for a pane `viewRows` high; the rows are remembered for
    /// the planner (which related entries are on screen: `relatedOnScreen`).
    func clamp(_ value: Int, viewRows: Int) -> Int {
        self.viewRows = viewRows
        return min(max(0, value), max(0, lines.count - max(1, viewRows)))
    }
}
