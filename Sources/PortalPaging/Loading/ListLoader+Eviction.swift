import PortalCore

/// A walked list bounded by bytes: pages far from the viewport drop their items, and come
/// back by the request that first led to them (their cursor or `next` link) when the
/// viewport nears them again — the disk cache answers those when it is on.
///
/// Why: End on an endless cursor list of 20 KB items held every item it passed (456 MB
/// after 471 pages). Nothing here runs unless the owner asks (`SparseList` does, with the
/// tab's byte budget), so `portal list` and panes keep their own rules.
extension ListLoader {
    /// The estimated bytes of the items held (`PageByteBudget`).
    public var heldBytes: Int { walked.heldBytes }

    /// Pages walked so far, held or dropped.
    public var walkedPageCount: Int { walked.pages.count }

    /// Pages holding their items.
    public var heldPageCount: Int { walked.held.count }

    /// Whether the item at `index` is in a dropped page that is being asked for again.
    public func isRefetching(itemAt index: Int) -> Bool { walked.isRefetching(index) }

    /// Whether `request` is a dropped page being asked for again.
    public func isRefetching(_ request: PageRequest) -> Bool { walked.refetched(by: request) != nil }

    /// Dropped pages in flight.
    public var pagesRefetching: Int { walked.refetching.count }

    /// The items held from index 0 up to the first one not held: what can stand in place
    /// while the list is read again (`SparseList.refresh`) without any item shown at
    /// another item's index.
    public var heldPrefix: [Item] {
        var items: [Item] = []
        for page in walked.pages {
            guard let slots = page.slots else { break }
            for slot in slots {
                guard let slot else { return items }
                items.append(slot)
            }
        }
        return items
    }

    /// Where the held item with `id` is.
    public func index(ofID id: Item.ID) -> Int? {
        contains(id: id) ? walked.index(ofID: id) : nil
    }

    /// Drops the items of the pages farthest from `shown` (item indices) until the pages
    /// held fit `maxBytes` and `maxPages`; the pages overlapping `near` (the viewport and
    /// its margins) are never dropped (`PageEviction`). Returns the pages dropped.
    @discardableResult
    public func evictWalkedPages(maxBytes: Int, maxPages: Int, shown: Range<Int>, near: Range<Int>) -> [Int] {
        guard walked.heldBytes > maxBytes || walked.held.count > maxPages, let last = walked.pages.indices.last else { return [] }
        // An empty or past-the-end viewport counts as the last page (a walk follows the end).
        let viewport = walked.pages(overlapping: shown) ?? last...last
        let keep = walked.pages(overlapping: near) ?? viewport
        let drops = PageEviction.pagesToDrop(
            loaded: walked.held, maxPages: maxPages, heldBytes: walked.heldBytes, maxBytes: maxBytes,
            bytes: { walked.pages[$0].bytes }, viewport: viewport,
            keep: min(keep.lowerBound, viewport.lowerBound)...max(keep.upperBound, viewport.upperBound))
        for number in drops { walked.drop(number) }
        forgetFarRequests(maxBytes: maxBytes, viewport: viewport, keep: keep)
        return drops
    }

    /// Past the budget with the items dropped, the requests kept to ask dropped pages again
    /// go too, farthest from `viewport` first (never one in `keep`): with cursors of a
    /// megabyte, remembering every page's grew End's walk to 1.3 GB. Such a page cannot
    /// come back but by reading the list again (`R`); it says so where it is shown.
    private func forgetFarRequests(maxBytes: Int, viewport: ClosedRange<Int>, keep: ClosedRange<Int>) {
        guard walked.heldBytes > maxBytes else { return }
        let kept = walked.pages.indices.filter { walked.pages[$0].slots == nil && walked.pages[$0].request != nil && !keep.contains($0) }
        let farthestFirst = kept.sorted {
            let da = PageEviction.distance($0, from: viewport), db = PageEviction.distance($1, from: viewport)
            return da != db ? da > db : $0 < $1
        }
        for number in farthestFirst {
            guard walked.heldBytes > maxBytes else { return }
            walked.forgetRequest(number)
        }
    }

    /// Whether a dropped page overlapping `near` (item indices) waits to be asked again.
    public func hasDroppedPages(near: Range<Int>) -> Bool {
        guard walked.held.count < walked.pages.count, let around = walked.pages(overlapping: near) else { return false }
        return around.contains { number in
            guard walked.pages[number].slots == nil, case .none = walked.pages[number].refetch else { return false }
            return true
        }
    }

    /// Tickets asking again for the dropped pages that overlap `near` (item indices), the
    /// ones overlapping `shown` first, then nearest first, with at most `maxInFlight` of them
    /// in flight. Each page is asked once; a failed one waits for `retryDroppedPages`.
    public func ticketsForDroppedPages(shown: Range<Int>, near: Range<Int>, maxInFlight: Int) -> [PageTicket] {
        guard let around = walked.pages(overlapping: near) else { return [] }
        let viewport = walked.pages(overlapping: shown) ?? around
        let order = around.sorted {
            let da = PageEviction.distance($0, from: viewport), db = PageEviction.distance($1, from: viewport)
            return da != db ? da < db : $0 < $1
        }
        var tickets: [PageTicket] = []
        for number in order where walked.refetching.count < max(1, maxInFlight) || viewport.contains(number) {
            guard let request = walked.startRefetch(number) else { continue }
            tickets.append(PageTicket(generation: generation, request: request))
        }
        return tickets
    }

    /// Asks again for the dropped pages whose last ask failed and that overlap `near`
    /// (once their `Retry-After` passed); failed ones elsewhere go back to waiting.
    public func retryDroppedPages(near: Range<Int>) -> [PageTicket] {
        let around = walked.pages(overlapping: near)
        let moment = now()
        var tickets: [PageTicket] = []
        for number in walked.pages.indices {
            guard case .failed(_, let notBefore) = walked.pages[number].refetch else { continue }
            if let notBefore, moment < notBefore { continue }
            walked.finishRefetch(number, .none)
            if around?.contains(number) == true, let request = walked.startRefetch(number) {
                tickets.append(PageTicket(generation: generation, request: request))
            }
        }
        return tickets
    }

    /// The failure of a dropped page asked again, if one failed.
    public var droppedPageFailure: PageFailure? {
        for page in walked.pages { if case .failed(let failure, _) = page.refetch { return failure } }
        return nil
    }

    /// Folds in the answer to a dropped page asked again: the item indices it filled, or
    /// nil when `ticket` is not such a page (the walk's own page in flight goes to
    /// `apply`). A failure leaves the page dropped until `retryDroppedPages`.
    public func applyDroppedPage(_ result: Result<PageContent<Item>, PageFailure>, for ticket: PageTicket) -> Range<Int>? {
        guard ticket.generation == generation, state != .loading(ticket.request),
              let number = walked.refetched(by: ticket.request) else { return nil }
        switch result {
        case .success(let page):
            walked.refill(number, with: page.items)
        case .failure(let failure):
            walked.finishRefetch(number, .failed(failure, notBefore: failure.retryWait(cap: maxRetryAfter).map { now() + $0 }))
        }
        return walked.pages[number].range
    }
}
