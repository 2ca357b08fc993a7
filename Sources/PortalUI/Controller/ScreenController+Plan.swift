import PortalCore
import PortalPaging

/// The planning step, once per batch of events (`planStep`: the layout follows, then
/// `ScreenPlanner.plan` reads every model — the tabs' lists and panes, the pictures, the
/// watch's look — whichever asked), and committing it: `apply` is the one place a plan's decisions are marked on
/// the state — pages in flight or given up, a retry taken, a pane's need asked, pictures
/// requested, a pane list's pages in flight or given up — and turned into effects.
/// `ScreenPlanner.plan` only reads.
extension ScreenController {
    /// After the events: the layout follows, then the one planning step, applied.
    func planStep() -> [Effect] {
        followCardHeight()
        verifySort()
        followTable()
        pane?.setTextWidth(paneTextWidth)
        needsRedraw = true
        let (made, touched) = batch.take()
        let planned = tabs.filter { $0.index == activeTab || touched.contains($0.index) }
        return made + apply(planner.plan(planned, active: activeTab, pictures: pictureNeeds, watch: watch, at: now()))
    }

    /// Marks every step of `plan` and returns its effects, in the plan's order.
    func apply(_ plan: ScreenPlan) -> [Effect] {
        planner.applied()
        watch.lookDue = false  // planned now, or skipped: the tab could not be looked at
        var effects: [Effect] = []
        for step in plan.steps {
            switch step {
            case .retry(let index):
                // A plan made before another was applied may name what that one took.
                guard tabs[index].wantsRetry else { continue }
                effects += retry(tabs[index])
            case .pages(let index, let ask, let visible):
                let tab = tabs[index]
                let committed = tab.list.commit(ask)
                for request in committed.cancelled {
                    planner.cancelled(request)
                    effects.append(.cancelPage(tab.address, request))
                }
                for ticket in committed.tickets {
                    effects.append(launch(ticket, for: tab, priority: ScreenPlanner.priority(of: ticket.request, in: tab.list, showing: visible)))
                }
            case .pane(let index, let address, let needs):
                guard let pane = tabs[index].trail.pane(at: address) else { continue }
                let open = pane.needs()
                for need in needs where open.contains(need) {
                    pane.didAsk(need)
                    if let effect = Self.effect(for: need, of: pane) { effects.append(effect) }
                }
            case .paneRetry(let index, let address):
                guard let pane = tabs[index].trail.pane(at: address), pane.wantsRetry else { continue }
                effects += pane.takeRetry()
            case .paneList(let index, let address, let serial, let ask):
                // The pane's list marks its pages as a tab's list does; a list the pane
                // replaced since the plan was made is not there any more.
                guard let pane = tabs[index].trail.pane(at: address), let list = pane.pagedList(serial) else { continue }
                let committed = list.entries.commit(ask)
                effects += committed.cancelled.map { .cancelPanePage(address, PanePageKey(list: serial, page: $0.index)) }
                effects += committed.tickets.map { list.fetch($0, for: address) }
                if !committed.tickets.isEmpty || !committed.cancelled.isEmpty { pane.listsChanged() }
            case .look(let index):
                effects.append(look(at: tabs[index]))
            case .pictures(let needs):
                let asked = needs.store.plan(wanted: needs.wanted, sharp: needs.sharp, selected: needs.selected)
                effects += asked.cancel.map { .cancelPicture($0) }
                effects += asked.fetch.map { .fetchPicture($0, renderings: needs.renderings($0)) }
            }
        }
        return effects
    }

    /// `r` asked for the failed pages again: they go, unless the server's `Retry-After`
    /// has not passed, in which case the status line says how long to wait.
    private func retry(_ tab: TabState) -> [Effect] {
        tab.wantsRetry = false
        let tickets = tab.list.retry()
        if !tickets.isEmpty {
            tab.retryRefusal = nil
            return tickets.map { launch($0, for: tab, priority: .onScreen) }
        }
        if tab.list.failure != nil, let notBefore = tab.list.retryNotBefore {
            let left = notBefore - now()
            let seconds = max(1, Int(left.components.seconds) + (left.components.attoseconds > 0 ? 1 : 0))
            tab.retryRefusal = "the server asked to wait; r again in \(seconds) s"
        }
        return []
    }

    /// The list watch's look at `tab`'s first page, validators sent (a 304 costs no body),
    /// under an address no list applies (`ListWatch.lookAddress`).
    private func look(at tab: TabState) -> Effect {
        var request = tab.list.firstPage
        request.http.revalidate = true
        let address = ListWatch.lookAddress(for: tab.address)
        watch.lookInFlight = tab.index
        return .fetchPage(address, PageTicket(outsideList: address.generation, request: request), tab.query, .nearby)
    }

    private func launch(_ ticket: PageTicket, for tab: TabState, priority: FetchPriority) -> Effect {
        planner.launched(ticket.request, at: now())
        tab.retryNote = nil
        return .fetchPage(tab.address, ticket, tab.query, priority)
    }

    /// The request for one need of `pane` (the pane's own: `DetailPane.request(for:)`).
    private static func effect(for need: DetailPane.Need, of pane: DetailPane) -> Effect? {
        pane.request(for: need)
    }
}
