import PortalCore

/// The byte side of a sparse list's bound: what its loaded pages hold, by the estimate
/// made once per page when it is applied (`PageByteBudget`).
extension SparseList {
    /// The estimated bytes of the items in the loaded pages, or held by a walked list
    /// (bounded by `maxBytes`, but for the pages near the viewport, which are always kept).
    public var heldBytes: Int { pages.heldBytes + sequential.heldBytes }

    /// Whether one more page may be prefetched: the pages loaded `near` the viewport
    /// (which are never dropped), the ones in flight and one more, each counted at the
    /// loaded pages' average, fit in `maxBytes`. Pages farther away do not count: they are
    /// dropped to make room. Past it only the pages on screen are asked for: prefetching
    /// would grow the pages that cannot be dropped by every margin page (a grid of 7 MiB
    /// items held 727 MB), and dropping margins instead would ask for them again at once.
    func prefetchFits(near: ClosedRange<Int>, inFlight: Int) -> Bool {
        let loaded = pages.loaded.count
        guard loaded > 0 else { return true }
        let average = pages.heldBytes / loaded
        var nearBytes = 0
        for index in near { if let page = pages[index], page.slots != nil { nearBytes += page.bytes } }
        return nearBytes + (inFlight + 1) * average <= maxBytes
    }
}

/// The byte bound of a walked (sequential) list: its pages far from the window drop their
/// items and come back by their remembered requests (`ListLoader+Eviction`), so End on an
/// endless cursor list holds about `maxBytes`, not every page it passed.
extension SparseList {
    /// The item indices shown and the ones near them (shown plus margins) for `window`.
    func walkedRanges(_ window: SparseWindow) -> (shown: Range<Int>, near: Range<Int>) {
        let shown = window.visible
        let low = shown.lowerBound - min(window.before, max(0, shown.lowerBound))
        let high = shown.upperBound > Int.max - window.after ? Int.max : shown.upperBound + window.after
        return (shown, low..<max(low, high))
    }

    /// Whether a walked list has dropped pages near `window` that may be asked for again.
    func needsDroppedPages(for window: SparseWindow) -> Bool {
        guard case .sequential = mode else { return false }
        return sequential.hasDroppedPages(near: walkedRanges(window).near)
    }

    /// Tickets for the dropped pages of a walked list near the last window.
    func droppedPageTickets() -> [PageTicket] {
        guard case .sequential = mode else { return [] }
        let (shown, near) = walkedRanges(window)
        return sequential.ticketsForDroppedPages(shown: shown, near: near, maxInFlight: maxInFlight).map(marked)
    }

    /// Asks again for the dropped pages whose last ask failed, near the last window.
    func retryDroppedPages() -> [PageTicket] {
        guard case .sequential = mode else { return [] }
        return sequential.retryDroppedPages(near: walkedRanges(window).near).map(marked)
    }

    /// Drops a walked list's far pages past `maxBytes` / `maxPages`.
    func evictWalkedPages() {
        guard case .sequential = mode else { return }
        let (shown, near) = walkedRanges(window)
        sequential.evictWalkedPages(maxBytes: maxBytes, maxPages: maxPages, shown: shown, near: near)
    }

    /// Folds in a dropped page asked again: nil when `ticket` is not one.
    func applyDroppedPage(_ result: Result<PageContent<Item>, PageFailure>, for ticket: PageTicket) -> SparseChange? {
        guard let range = sequential.applyDroppedPage(result, for: ticket) else { return nil }
        if case .failure(let failure) = result { return .failed(failure) }
        evictWalkedPages()
        return .loaded(range)
    }
}
