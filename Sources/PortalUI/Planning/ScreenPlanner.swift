import PortalCore

/// The one planning step: after every event, a function of the state that lists what the
/// screen needs from the network — the pages near each started tab's viewport (both
/// directions, the prefetch distance measured from the scroll speed and round trip), the
/// pages no longer near it (cancelled), what the pane on screen shows (its item, its
/// related list), and the pictures of the pane and of the cards on screen and just ahead
/// (`PictureNeeds`, from `PicturePlanner`; at most a few in flight, far ones cancelled).
///
/// It is the only place PortalUI makes a fetch effect. Key handlers and results change
/// state and return; the controller then runs `plan` once, so "which pages, and whether
/// at all" is decided in one place whatever happened (bubbletea's Update → Cmd, with the
/// command made from the new model rather than from inside a callback).
@MainActor
struct ScreenPlanner {
    typealias Instant = ContinuousClock.Instant

    /// How far beyond the viewport pages are asked for, from the measured scroll speed and
    /// round trip.
    private(set) var prefetch = PrefetchDistance()
    /// Page requests made, all tabs together (the spinner advances with it).
    private(set) var pageRequestCount = 0
    /// When each page request in flight went out, for the round trip.
    private var sentAt: [PageRequest: Instant] = [:]

    // MARK: Measuring

    /// The active grid's viewport moved from `row` to `newRow`: a scroll measures speed
    /// and direction, a jump (Home, End, `:N`, a tab switch, a search) starts from rest.
    mutating func viewportMoved(from row: Int, to newRow: Int, jumped: Bool, at now: Instant) {
        if jumped {
            prefetch.jumped(toRow: newRow, at: now)
        } else if newRow != row {
            prefetch.scrolled(toRow: newRow, at: now)
        }
    }

    /// A page answer came back: its round trip feeds the prefetch distance.
    mutating func received(_ request: PageRequest, at now: Instant) {
        if let sent = sentAt.removeValue(forKey: request) { prefetch.roundTrip(from: sent, to: now) }
    }

    // MARK: Planning

    /// What every started tab needs now, in order: retries asked for with `r`, pages no
    /// longer wanted (cancelled), pages wanted (on screen first), then the pane's needs.
    mutating func plan(_ tabs: [TabState], active: Int, pictures: PictureNeeds?, at now: Instant) -> [Effect] {
        var effects: [Effect] = []
        for tab in tabs where tab.isStarted {
            effects += retries(tab, at: now)
            // A tab not shown keeps filling at rest (its first page may arrive after the
            // user switched away); only the active one has a scroll speed.
            effects += pages(tab, prefetch: tab.index == active ? prefetch : PrefetchDistance(), at: now)
            effects += paneNeeds(tab)
        }
        if let pictures { effects += self.pictures(pictures) }
        return effects
    }

    /// The pictures the screen needs, most needed first, handed to the store: those in
    /// flight and no longer needed are cancelled, the first ones not known are fetched (at
    /// most the store's bound in flight), each with the symbol renderings it needs.
    private func pictures(_ needs: PictureNeeds) -> [Effect] {
        let plan = needs.store.plan(wanted: needs.wanted)
        return plan.cancel.map { .cancelPicture($0) } + plan.fetch.map { .fetchPicture($0, renderings: needs.renderings($0)) }
    }

    /// The pages near `tab`'s viewport that the list hands out (each page once, never
    /// while in flight), and the pages in flight that are no longer near it.
    private mutating func pages(_ tab: TabState, prefetch: PrefetchDistance, at now: Instant) -> [Effect] {
        let grid = tab.grid.state
        guard grid.hasArea else { return [] }
        let list = tab.list
        let perPage = list.addressing?.pageSize ?? (list.pagesLoaded > 0 ? list.count / list.pagesLoaded : grid.columns)
        let rows = prefetch.rowsBeyond(viewportRows: grid.viewportRows, pageRows: PageWindow.pageRows(perPage: perPage, in: grid), at: now)
        let window = PageWindow.of(grid, rowsBeyond: rows, direction: prefetch.direction)
        let tickets = list.ticketsForPages(near: window.visible, before: window.before, after: window.after)
        // Far is beyond the longest prefetch there can be, so a margin that shrinks when the
        // user stops cancels nothing.
        let keep = Saturating.multiply(Saturating.multiply(grid.viewportRows, prefetch.maxViewportsBeyond + 1), grid.columns)
        var effects: [Effect] = list.cancelFarPages(keeping: keep).map { request in
            sentAt[request] = nil
            return .cancelPage(tab.address, request)
        }
        for ticket in tickets {
            effects.append(launch(ticket, for: tab, priority: priority(of: ticket.request, in: list, showing: window.visible), at: now))
        }
        return effects
    }

    /// `r` asked for the failed pages again: they go, unless the server's `Retry-After`
    /// has not passed, in which case the status line says how long to wait.
    private mutating func retries(_ tab: TabState, at now: Instant) -> [Effect] {
        guard tab.wantsRetry else { return [] }
        tab.wantsRetry = false
        let tickets = tab.list.retry()
        if !tickets.isEmpty {
            tab.retryRefusal = nil
            return tickets.map { launch($0, for: tab, priority: .onScreen, at: now) }
        }
        if tab.list.failure != nil, let notBefore = tab.list.retryNotBefore {
            let left = notBefore - now
            let seconds = max(1, Int(left.components.seconds) + (left.components.attoseconds > 0 ? 1 : 0))
            tab.retryRefusal = "the server asked to wait; r again in \(seconds) s"
        }
        return []
    }

    /// What the pane on screen in `tab` still needs, each asked for once.
    private func paneNeeds(_ tab: TabState) -> [Effect] {
        guard let pane = tab.pane else { return [] }
        var effects: [Effect] = []
        for need in pane.needs() {
            pane.didAsk(need)
            if let effect = pane.request(for: need) { effects.append(effect) }
        }
        return effects
    }

    private mutating func launch(_ ticket: PageTicket, for tab: TabState, priority: FetchPriority, at now: Instant) -> Effect {
        pageRequestCount += 1
        sentAt[ticket.request] = now
        tab.retryNote = nil
        return .fetchPage(tab.address, ticket, tab.query, priority)
    }

    /// On screen when the page holds a card the viewport shows (for a list that walks:
    /// when the viewport reaches its end, where "loading more…" is drawn).
    private func priority(of request: PageRequest, in list: SparseList<Item>, showing visible: Range<Int>) -> FetchPriority {
        guard list.isAddressable, let size = list.addressing?.pageSize else {
            return visible.upperBound >= list.count ? .onScreen : .nearby
        }
        let start = Saturating.multiply(request.index, size)
        return start < visible.upperBound && Saturating.add(start, size) > visible.lowerBound ? .onScreen : .nearby
    }
}
