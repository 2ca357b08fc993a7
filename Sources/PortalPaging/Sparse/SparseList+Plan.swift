import PortalCore

/// Asking for pages in two steps, so a planner can decide without changing anything: `ask`
/// reads the list and says which pages a viewport needs and which in flight are far (a
/// value, `SparseAsk`); `commit` marks exactly those (in flight, cancelled) and hands out
/// their tickets. `ticketsForPages` and `cancelFarPages` are the two steps run at once.
extension SparseList {
    /// What the list would ask for and cancel for a viewport: the window it was asked for,
    /// the addressable pages to fetch (on screen first), whether the end's next probe or a
    /// sequential list's next page goes too, and the pages in flight to give up.
    public struct SparseAsk: Equatable, Sendable {
        var window: SparseWindow
        /// The requests for the addressable pages to fetch, in the order asked: built once
        /// here and sent as they are by `commit` (issue 34, item 5).
        public internal(set) var requests: [PageRequest] = []
        /// Addressable pages to fetch, in the order asked.
        public var pages: [Int] { requests.map(\.index) }
        /// The end is being searched for and no probe is in flight: the next one goes.
        public var probe = false
        /// A sequential list's next page goes.
        public var next = false
        /// A walked list's dropped pages near the window are asked for again (H24:
        /// `SparseList+ByteBudget`).
        public var dropped = false
        /// Addressable pages in flight that are far from the window.
        public var cancel: [Int] = []

        /// Nothing to fetch and nothing to cancel (the window is still remembered).
        public var asksNothing: Bool { requests.isEmpty && !probe && !next && !dropped && cancel.isEmpty }
    }

    /// What the list needs for a viewport showing `visible` (item indices) with `before`
    /// and `after` items of margin, and the pages in flight beyond `keep` items of it.
    /// Reads only: nothing is marked until `commit`.
    public func ask(near visible: Range<Int>, before: Int, after: Int, keeping keep: Int) -> SparseAsk {
        var ask = SparseAsk(window: SparseWindow(visible: visible, before: max(0, before), after: max(0, after)))
        guard case .addressable(let size) = mode else {
            let wanted = isWalking || visible.upperBound >= sequential.count - ask.window.after
            ask.next = wanted && sequential.state == .idle && sequential.hasMore && !end.open
            ask.probe = end.open && end.probe == nil
            ask.dropped = needsDroppedPages(for: ask.window)
            return ask
        }
        if let around = pageWindow(size, for: ask.window) {
            var inFlight = pagesInFlight
            for index in PageFetchOrder(shown: around.shown, near: around.near, afterFirst: ask.window.after >= ask.window.before) {
                guard needsFetch(index) else { continue }
                if !around.shown.contains(index), inFlight >= maxInFlight || !prefetchFits(near: around.near, inFlight: inFlight) { break }
                guard let request = addressing?.request(forPage: index), request.index == index else { continue }
                ask.requests.append(request)
                inFlight += 1
            }
            ask.probe = end.isSearching && end.probe == nil
        }
        ask.cancel = farPages(size, from: ask.window, keeping: keep)
        return ask
    }

    /// Marks what `ask` names (its pages in flight, the far ones back to idle) and
    /// remembers its window; returns the tickets to send and the requests to cancel. An
    /// ask of an older generation, or a page no longer idle, is skipped.
    public func commit(_ ask: SparseAsk) -> (tickets: [PageTicket], cancelled: [PageRequest]) {
        window = ask.window
        guard case .addressable(let size) = mode else {
            let probe = ask.probe ? openEndProbe().map { [$0] } ?? [] : []
            return ((ask.dropped ? droppedPageTickets() : []) + (ask.next ? sequential.loadMore().map { [marked($0)] } ?? [] : []) + probe, [])
        }
        var cancelled: [PageRequest] = []
        for index in ask.cancel {
            guard var page = pages[index], case .loading(let request) = page.fetch else { continue }
            page.fetch = .idle
            pages[index] = page.isEmpty ? nil : page
            cancelled.append(request)
        }
        var tickets = ask.requests.compactMap { needsFetch($0.index) ? self.ask($0) : nil }
        if ask.probe, let probe = endProbe(pageSize: size) { tickets.append(probe) }
        return (tickets, cancelled)
    }

    /// The addressable pages in flight beyond `keep` items (and beyond the margins) of
    /// `window`, in order.
    func farPages(_ size: Int, from window: SparseWindow, keeping keep: Int) -> [Int] {
        guard !pages.loading.isEmpty else { return [] }
        let margin = max(window.before, window.after, size, keep)
        let near = pageWindow(size, for: SparseWindow(visible: window.visible, before: margin, after: margin))?.near
        return pages.loading.filter { near?.contains($0) != true }.sorted()
    }
}
