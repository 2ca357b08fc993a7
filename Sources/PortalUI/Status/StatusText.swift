import PortalCore

/// What the status line, the grid's note and the footer say about a tab: read from its
/// list and grid, never stored, so it cannot go stale.
@MainActor
enum StatusText {
    /// The status line: counts, the page or position, and what the list is doing.
    /// `requests` (page requests made so far) turns the spinner.
    static func listStatus(of tab: TabState, requests: Int) -> ListStatus {
        let list = tab.list
        let phase: ListStatus.Phase
        let failure = list.failure
        if let failure, failure.kind == .transport(.notInCache) {
            phase = .notCached
        } else if let failure, failure.kind == .transport(.sessionExpired) {
            phase = .sessionExpired  // sign in again; no retry offered
        } else if let failure {
            // The refusal first: it is what the user just asked about, and the line may be cut.
            phase = .failed((tab.retryRefusal.map { $0 + " · " } ?? "") + failure.message)
        } else if list.pagesInFlight > 0 {
            let spinner = requests - 1
            phase = tab.retryNote.map { .retrying($0) } ?? (list.isWalking ? .walking(spinner: spinner, soFar: list.count) : .loading(spinner: spinner))
        } else {
            // The end: a list that walks says so once every page is in; a page-addressed
            // one says where the selection is, so only while its last card is loaded and
            // on screen (all its pages in, and the user back at the top, is not the end).
            let endShown = list.isAddressable && list.count > 0 && tab.grid.visibleRange.upperBound >= list.count
                && list.item(at: list.count - 1) != nil
            let atEnd = list.isAddressable ? endShown || (list.count == 0 && list.isComplete) : list.isComplete
            phase = atEnd ? .exhausted : .idle
        }
        let grid = tab.grid
        // A total at portal's cap is the server's "at least that many": said so, briefly.
        let capped = ReportedCount.note(for: list.totalCount) == nil ? nil : "capped (the server reports more)"
        let note = [tab.offlineNote, tab.pageNotice, capped, list.pagingNote].compactMap { $0 }.joined(separator: " · ")
        guard let pageSize = list.addressing?.pageSize, list.isAddressable else {
            // A list that walks says where the selection is too, among what has arrived,
            // and the page it came on (Home at the top is `1 / …`, whatever has arrived).
            let selected = grid.selection.flatMap { list.count > $0 ? $0 : nil }
            return ListStatus(loaded: list.count, total: list.totalCount, pages: selected.flatMap(list.page(holding:)).map { $0 + 1 } ?? list.pagesLoaded,
                              phase: phase, position: selected.map { $0 + 1 }, note: note.isEmpty ? nil : note,
                              estimatedTotal: list.estimatedTotal)
        }
        // Where the selection is in the whole list, and on which page.
        let selected = grid.selection ?? 0
        return ListStatus(loaded: list.count, total: list.totalCount, pages: selected / pageSize + 1, phase: phase,
                          position: grid.selection.map { $0 + 1 } ?? 0, note: note.isEmpty ? nil : note)
    }

    /// What the grid says where it has no cards, or below the last one while walking.
    static func gridNote(of tab: TabState) -> GridNote {
        let list = tab.list
        if list.count > 0 {
            // Placeholders say "loading…" in an addressable list; a list that walks says
            // "loading more…" below its last card.
            return !list.isAddressable && list.pagesInFlight > 0 ? .loading : .none
        }
        if let failure = list.failure { return .failed(failure.message) }
        if list.isComplete {
            let what = tab.spec.title.lowercased()
            return .empty(tab.query.filters.isEmpty ? "no \(what)" : "no \(what) match " + FilterSummary.text(tab.query, spec: tab.spec))
        }
        return list.pagesInFlight > 0 ? .loading : .none
    }

    /// Commands that do nothing for this source or tab (no second tab, no name search, no
    /// server filters): the footer does not offer them.
    static func unavailableCommands(in tab: TabState, tabCount: Int) -> Set<Command> {
        var out: Set<Command> = []
        if tabCount < 2 { out.formUnion([.tab1, .nextTab, .previousTab]) }
        if tab.spec.searchKey == nil { out.insert(.search) }
        if tab.spec.filters.isEmpty { out.insert(.filter) }
        return out
    }
}
