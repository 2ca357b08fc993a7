import PortalCore

/// A linked list shown in a pane (any API), paged by the grid's engine: its entries are
/// the items of a `SparseList` (walked: a link is followed by plain GETs), so a pane's
/// list has the grid's guards — each page asked once and never while one is in flight, a
/// `next` that repeats a page, leaves the list or brings nothing new for several pages in
/// a row refused (`PageLinkGuard`), a failed page kept for `r` with everything loaded
/// still shown — and its work is cancelled with the pane (`Effect.cancel`).
///
/// The first page is the pane's subject (the answer to the link); each further page is
/// asked as the link its `next` names (`Effect.fetchLink`) and folded in by `receive`.
@MainActor
final class PaneList {
    /// The entries, each an `Item.json` holding one entry as served (its title, its JSON).
    let entries: SparseList<Item>
    /// The link the list was opened by.
    let link: ItemLink
    /// The list's next page, as the last page applied named it (nil at the end).
    private var next: ItemLink?
    /// The page on its way, if any.
    private var inFlight: PageTicket?
    /// A page the list handed out again for `r`, not asked yet.
    private var retried: PageTicket?

    /// The list at `link`, whose first page is `page` (a `JSONItem` with `isPage`).
    init(link: ItemLink, firstPage page: JSONItem) {
        self.link = link
        // A pane's list ends at its first page with nothing new (it is not a tab to walk).
        entries = SparseList(firstPage: PageRequest(url: link.url, index: 0), addressing: nil, maxInFlight: 1, emptyPagesLimit: 1)
        if let first = entries.ticketsForPages(near: 0..<1, before: 0, after: 0).first { apply(page, for: first) }
    }

    /// The next page's link while one can be asked: none in flight, none failed.
    var nextPage: ItemLink? {
        guard inFlight == nil, retried == nil, entries.failure == nil, entries.hasMore else { return nil }
        return next
    }

    /// Why the list stopped (a failed page, or a `next` refused), if it did.
    var failure: PageFailure? { entries.failure }

    /// Whether a page is on its way (asked, or handed out again by `r`).
    var isLoading: Bool { inFlight != nil || retried != nil }

    /// What the list asks for now, with the highlight `entriesAfter` entries from its
    /// last: a page handed out by `r`, else the next page when the highlight is within
    /// `ahead` entries of the end.
    func wanted(entriesAfter: Int, ahead: Int) -> ItemLink? {
        if let retried { return ItemLink(url: retried.request.http.url) }
        guard entriesAfter <= ahead else { return nil }
        return nextPage
    }

    /// The planner asked for `link`: the list marks its page in flight (its own guard
    /// decides; a page it does not hand out is not marked).
    func asked(_ link: ItemLink) {
        if let retried, ItemLink(url: retried.request.http.url) == link {
            inFlight = retried
            self.retried = nil
            return
        }
        guard inFlight == nil, link == next else { return }
        let end = entries.count
        inFlight = entries.ticketsForPages(near: max(0, end - 1)..<end, before: 0, after: 1).first
    }

    /// The answer to the page in flight: its entries go under the others (a late answer
    /// for a page no longer asked is dropped). Returns whether anything changed.
    @discardableResult
    func receive(_ result: Result<[Item], PageFailure>) -> Bool {
        guard let ticket = inFlight else { return false }
        let asked = ItemLink(url: ticket.request.http.url)
        switch result {
        case .success(let items):
            let page = items.lazy.compactMap { item -> JSONItem? in
                if case .json(let json, _) = item, json.isPage, json.link == asked { json } else { nil }
            }.first
            guard let page else { return false }
            inFlight = nil
            apply(page, for: ticket)
        case .failure(let failure):
            inFlight = nil
            entries.apply(.failure(failure), for: ticket)
        }
        return true
    }

    /// `r`: the failed page is handed out again (unless the server's `Retry-After` has
    /// not passed); the planner asks for it.
    func retry() {
        guard entries.failure != nil, inFlight == nil, retried == nil else { return }
        retried = entries.retry().first
    }

    private func apply(_ page: JSONItem, for ticket: PageTicket) {
        let start = entries.count
        let items = page.row.columns.dropFirst().enumerated().map { offset, column in
            Item.json(JSONItem(row: Row(id: "#\(start + offset)", columns: [column], json: column.value.description, position: start + offset),
                               card: page.card), kind: .link)
        }
        let nextRequest = page.nextPage.map { PageRequest(url: $0.url, index: ticket.request.index + 1) }
        entries.apply(.success(PageContent(items: items, next: nextRequest, totalCount: nil)), for: ticket)
        next = page.nextPage
    }

    /// The entries as rows of `chunk` columns each (title, JSON), for the pane's tree
    /// (which draws at most `JSONTree.maxRows` rows from one row).
    func rows(chunk: Int) -> [Row] {
        let count = entries.count
        return stride(from: 0, to: count, by: chunk).map { lower in
            let columns = (lower..<min(count, lower + chunk)).compactMap { index -> (name: String, value: Row.Value)? in
                guard case .json(let entry, _)? = entries.item(at: index) else { return nil }
                return entry.row.columns.first
            }
            return Row(id: "#\(lower)", columns: columns, json: "", position: lower)
        }
    }
}
