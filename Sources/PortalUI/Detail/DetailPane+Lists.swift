import PortalCore
import PortalPaging

/// The pane's lists (its related list, the linked list it shows) as the planning step
/// sees them: what each asks with the entries on the pane's screen (read only; the
/// controller commits it), their answers routed by the list's number, and `r`.
extension DetailPane {
    /// The pane's lists that page: its related list and its linked list, if any.
    var pagedLists: [any PaneListPaging] {
        var lists: [any PaneListPaging] = []
        if let relatedPages { lists.append(relatedPages) }
        if let list { lists.append(list) }
        return lists
    }

    /// The list numbered `serial`, if the pane still has it.
    func pagedList(_ serial: Int) -> (any PaneListPaging)? {
        pagedLists.first { $0.serial == serial }
    }

    /// What each list would ask for and give up now, with the entries on the pane's
    /// screen. Reads only: the controller commits it (`ScreenController.apply`).
    func listAsks() -> [(list: Int, ask: SparseList<Item>.SparseAsk)] {
        guard case .loaded = subject else { return [] }
        var asks: [(list: Int, ask: SparseList<Item>.SparseAsk)] = []
        if let relatedPages { asks.append((relatedPages.serial, relatedPages.ask(visible: relatedOnScreen, viewRows: viewRows))) }
        if let list { asks.append((list.serial, list.ask(visible: listOnScreen, viewRows: viewRows))) }
        return asks
    }

    /// A list's pages were marked asked or given up: their rows say so.
    func listsChanged() { cached = nil }

    /// A page of one of the pane's lists arrived, or failed: folded into that list (an
    /// answer for a list the pane no longer has is dropped). The highlight stays on its
    /// line's entry, and comes onto the screen if it was off it; while End follows the
    /// linked list's end, it goes to the end.
    func receiveListPage(_ page: PaneListPage, _ result: Result<[Item], PageFailure>) {
        guard let target = pagedList(page.list), target.receive(page.ticket, result) else { return }
        let kept = highlightedStop
        cached = nil
        if let list, target === list, list.followsEnd {
            highlightEnd(viewRows: viewRows)
            return
        }
        if let kept { highlight = index(of: kept) ?? highlight }
        if highlight == nil, !stops.isEmpty { highlight = 0 }
        followScroll(viewRows: viewRows)
    }

    /// `r` on the pane's lists: the planner asks their failed pages again (not a walk's
    /// end the guard decided).
    func retryLists() {
        let failed = pagedLists.contains { list in list.entries.failure.map { $0.kind != .refusedNext } ?? false }
        if failed { wantsRetry = true }
    }

    /// The planner's retry step, committed: the failed pages near the screen whose
    /// `Retry-After` has passed, as their fetches.
    func takeRetry() -> [Effect] {
        wantsRetry = false
        cached = nil
        return pagedLists.flatMap { list in list.entries.retry().map { list.fetch($0, for: address) } }
    }

    /// Whether the linked list has pages left to walk to (none failed, none refused).
    public var listHasMore: Bool { list?.hasMore ?? false }

    /// The entries of the linked list loaded so far.
    public var listEntries: Int { list?.loadedCount ?? 0 }

    /// The linked list's entries laid out so far (their trees built): what the pages that
    /// arrived cost the pane.
    public var listEntriesLaidOut: Int { list?.layout.treesBuilt ?? 0 }

    /// The linked list's entries on the pane's screen: an empty range at 0 while the list
    /// is below it.
    var listOnScreen: Range<Int> {
        guard list != nil else { return 0..<0 }
        _ = lines  // builds them, and with them `listEntryLines`
        let starts = listEntryLines
        let bottom = scroll + max(1, viewRows)
        guard let first = starts.first, first < bottom else { return 0..<0 }
        // The last entry starting at or above the top row, then every one starting on screen.
        let low = Self.lastIndex(in: starts, atOrBelow: scroll) ?? 0
        let high = (Self.lastIndex(in: starts, atOrBelow: bottom - 1) ?? low) + 1
        return low..<max(low + 1, high)
    }

    /// The last index of the ascending `values` whose value is at most `limit`.
    static func lastIndex(in values: [Int], atOrBelow limit: Int) -> Int? {
        var low = 0, high = values.count
        while low < high {
            let middle = (low + high) / 2
            if values[middle] <= limit { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : low - 1
    }
}
