import PortalCore

/// The walk of a linked list in a pane ends like a grid's list: at a page already shown,
/// and at a page that brings no entry not already shown (judged by the entries' JSON, since
/// entries of any API may have no id). Without it a list whose later pages were empty but
/// kept a `next` loaded "more" with no key pressed: each empty page added no line, so the
/// highlight stayed near the end and the next page was asked at once (136 requests in 6 s).
extension DetailPane {
    /// Whether the list page at `link` is the pane's item or one of its pages.
    func isShown(page link: ItemLink) -> Bool {
        shownPages.contains { shown in
            if case .json(let json, _) = shown { json.isPage && json.link == link } else { false }
        }
    }

    /// Whether `page` has an entry not shown by the pane's item or pages already.
    func bringsSomethingNew(_ page: Item) -> Bool {
        let entries = Self.entries(of: page)
        guard !entries.isEmpty else { return false }
        let shown = Set(shownPages.flatMap(Self.entries))
        return entries.contains { !shown.contains($0) }
    }

    /// The pane's item and the pages added under it.
    private var shownPages: [Item] { (item.map { [$0] } ?? []) + pages }

    /// A list page's entries as served (the row's columns after the first, its count line).
    static func entries(of item: Item) -> [String] {
        guard case .json(let page, _) = item, page.isPage else { return [] }
        return page.row.columns.dropFirst().map(\.value.description)
    }
}
