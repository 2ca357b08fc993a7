import PortalCore

/// Asking for pages: the per-page guard that hands out tickets for the pages near the
/// viewport (each page once, never while in flight), cancelling far ones, retries and the
/// walk of a sequential list.
extension SparseList {
    // MARK: Asking for pages

    /// The pages to ask for now, for a viewport showing `visible` (item indices) with
    /// `before` and `after` items of margin to prefetch. Call it after every key,
    /// resize and page arrival; it is cheap and hands out each page once.
    ///
    /// Addressable: the pages on screen first, then the margins nearest first (the larger
    /// margin's side first at equal distance: that is the way the user is scrolling).
    /// Prefetch stops at `maxInFlight` pages in flight. Sequential: the next page when
    /// `after` reaches past what is loaded, or any time during a walk.
    public func ticketsForPages(near visible: Range<Int>, before: Int, after: Int) -> [PageTicket] {
        var wanted = ask(near: visible, before: before, after: after, keeping: 0)
        wanted.cancel = []
        return commit(wanted).tickets
    }

    /// Gives up on the pages in flight that are far from the viewport asked for last
    /// (`ticketsForPages`): the user scrolled or jumped past them. They go back to idle
    /// (asked again when near) and their requests are returned so the runner can cancel
    /// them, so that holding PgDn against a slow server never queues requests for pages
    /// left far behind ahead of the page on screen.
    ///
    /// Far is beyond `keep` items on either side of the viewport (and beyond the prefetch
    /// margins): the caller passes the farthest its prefetch ever reaches, so a margin that
    /// shrinks when the user stops scrolling cancels nothing, and scrolling back and forth
    /// never cancels and re-asks the same page. A sequential list cancels nothing: its one
    /// page in flight is the next one whatever the viewport.
    public func cancelFarPages(keeping keep: Int) -> [PageRequest] {
        guard case .addressable(let size) = mode else { return [] }
        var far = SparseAsk(window: window)
        far.cancel = farPages(size, from: window, keeping: keep)
        return commit(far).cancelled
    }

    /// Asks again for the failed pages near the viewport whose `Retry-After` has passed;
    /// failed pages elsewhere go back to idle (asked again when next near).
    public func retry() -> [PageTicket] {
        guard case .addressable(let size) = mode else { return (sequential.retry().map { [marked($0)] } ?? []) + retryDroppedPages() }
        let near = pageWindow(size)?.near
        let moment = now()
        var tickets: [PageTicket] = []
        for index in failedPages {
            guard var page = pages[index], case .failed(_, let request, let notBefore) = page.fetch else { continue }
            if let notBefore, moment < notBefore { continue }
            if near?.contains(index) == true {
                page.fetch = .loading(request)
                tickets.append(marked(PageTicket(generation: generation, request: request)))
            } else {
                page.fetch = .idle
            }
            pages[index] = page.isEmpty ? nil : page
        }
        return tickets
    }

    /// Starts walking a sequential list to its end (End on a source that cannot jump), or
    /// on a list that addresses its pages but reported no total, finding its end by probes
    /// (`startOpenEndSearch`):
    /// `ticketsForPages` then asks for the next page whatever the viewport. False (and no
    /// walk) for an addressable list or one already at its end. A walk stops by itself at
    /// the end or on a failure.
    @discardableResult
    public func startWalk() -> Bool {
        guard !isAddressable, sequential.hasMore else { return false }
        if end.open || startOpenEndSearch() { return true }
        isWalking = true
        return true
    }

    /// Stops a walk (Esc); a page in flight still arrives.
    public func stopWalk() { isWalking = false }

    static func pagesFor(total: Int, size: Int) -> Int {
        total / size + (total % size == 0 ? 0 : 1)
    }

    /// The pages on screen and the pages near it (screen plus margins), for `window` (the
    /// last one asked for unless given); nil for an empty list.
    func pageWindow(_ size: Int, for window: SparseWindow? = nil) -> (shown: ClosedRange<Int>, near: ClosedRange<Int>)? {
        let window = window ?? self.window
        guard total > 0 else { return nil }
        let last = total - 1
        // No window is wider than `windowPageLimit` pages, on screen or on either side:
        // a caller's viewport or margin of 10¹² items must not make a list of 10¹⁰ pages.
        let span = Self.windowPageLimit * size
        let low = min(max(window.visible.lowerBound, 0), last)
        // `upperBound - 1` saturates: an empty range at Int.min must not trap.
        let high = min(max(window.visible.upperBound, low + 1) - 1, last, low + span - 1)
        let nearLow = (low - min(window.before, low, span)) / size
        let nearHigh = (high + min(window.after, last - high, span)) / size
        return (low / size...high / size, nearLow...nearHigh)
    }

    /// The most pages a window holds on screen, and on each side of it (far more than
    /// any screen and prefetch distance; the bound only keeps absurd viewports cheap).
    static var windowPageLimit: Int { 4096 }

    func needsFetch(_ index: Int) -> Bool {
        guard let page = pages[index] else { return true }
        guard case .idle = page.fetch else { return false }
        return page.slots == nil || page.refresh || page.stale
    }

    func ask(_ index: Int) -> PageTicket? {
        guard let request = addressing?.request(forPage: index), request.index == index else { return nil }
        return ask(request)
    }

    /// Marks `request`'s page in flight and hands out its ticket: the request as the plan
    /// built it, not built again.
    func ask(_ request: PageRequest) -> PageTicket {
        pages[request.index, default: SparsePage<Item>()].fetch = .loading(request)
        return marked(PageTicket(generation: generation, request: request))
    }
}
