import PortalCore
import PortalPaging

/// The list watch's own update: its timer (an effect, `wakeAfter(interval, .watch)`,
/// answered as a message like any other: no second way into the update), `w`, and the
/// answers to its looks and to the lists' own pages (the marks). It returns the effects it
/// asks for (only timers) and what the root must do (`Outcome`); the look itself is a page
/// fetch, which only the planning step asks for (`lookDue`, `PlanStep.look`).
@MainActor
extension ListWatch {
    /// What a look's answer asks of the root.
    enum Outcome: Equatable {
        case none
        /// The first page shows something new: the tab's list refreshes (`R`'s way).
        case refresh
    }

    /// Starts watching every `interval` (at least `shortestInterval`): the first timer.
    mutating func start(every interval: Duration) -> [Effect] {
        chosenInterval = max(interval, Self.shortestInterval)
        self.interval = chosenInterval
        return timer()
    }

    /// `w`: watching on (at `--watch`'s interval, else 30 s) or off (the marks of new items
    /// go); the effects and what the status line says besides the watch's own note (on,
    /// that note says `watching · every 30s` already: nothing, where it said it twice).
    mutating func toggle() -> (effects: [Effect], notice: String?) {
        guard interval != nil else { return (start(every: chosenInterval), nil) }
        interval = nil
        failure = nil
        for index in marks.keys {
            marks[index]?.new = []
            marks[index]?.newCount = 0
            marks[index]?.grownFrom = nil
        }
        return ([], "not watching")
    }

    /// The timer `ticket` is due: a look is due, and the next timer goes an interval on. A
    /// timer set before `w` turned the watch off (or on again) is not the watch's any more.
    mutating func woke(_ ticket: Int) -> [Effect] {
        guard interval != nil, ticket == self.ticket else { return [] }
        lookDue = true
        return timer()
    }

    /// Asks to be woken an interval from now.
    private mutating func timer() -> [Effect] {
        guard let interval else { return [] }
        ticket += 1
        return [.wakeAfter(interval, .watch(ticket: ticket))]
    }

    /// Whether `tab` can be looked at now: shown, with items, not refreshing from the last
    /// find, under no pane (a refresh starts a new list generation, which would drop the
    /// pane's answers on their way), and no look of it unanswered (a slow look skips one).
    func canLook(at tab: TabState) -> Bool {
        lookInFlight == nil && tab.isStarted && tab.pane == nil && !tab.list.isRefreshing && tab.list.count > 0
    }

    /// A look's answer (`list` is a look's address): a first page with an id never seen or
    /// a larger total marks them and asks for a refresh; anything else (a 304) changes nothing.
    mutating func looked(_ list: ListAddress, at tab: TabState, _ result: Result<PageContent<Item>, PageFailure>) -> Outcome {
        if lookInFlight == list.tab { lookInFlight = nil }
        switch result {
        case .failure(let failure):
            self.failure = failure.message
            return .none
        case .success(let page):
            failure = nil
            guard -1 - list.generation == tab.list.generation, !tab.list.isRefreshing else { return .none }
            let known = marks[tab.index]?.looks ?? [:]
            let unseen = page.items.map(\.id).filter { known[$0] == nil }
            let oldCount = tab.list.count
            // Growth beyond the new ids on the first page is new items further down: at the
            // end, past the old ones (which the first page's new ones pushed down).
            let growth = tab.list.isAddressable ? max(0, (page.totalCount.map(ReportedCount.clamped) ?? oldCount) - oldCount) : 0
            let elsewhere = max(0, growth - unseen.count)
            guard !unseen.isEmpty || elsewhere > 0 else { return .none }
            updateMarks(of: tab) { marks in
                marks.new.formUnion(unseen)
                marks.newCount += unseen.count + elsewhere
                if elsewhere > 0 { marks.grownFrom = min(marks.grownFrom ?? Int.max, oldCount + unseen.count) }
            }
            return .refresh
        }
    }

    /// A list's own page for `tab` (of its generation): remembered in the marks.
    mutating func saw(_ page: PageContent<Item>, _ ticket: PageTicket, in tab: TabState) {
        var start: Int?
        if case .addressable(let size) = tab.list.mode { start = ticket.request.index * size } else if ticket.request.index == 0 { start = 0 }
        updateMarks(of: tab) { $0.see(page.items, hashes: page.contentHashes, from: start, refreshing: tab.list.revalidates) }
    }

    /// Runs `change` on `tab`'s marks, started over when the tab's query is not theirs.
    /// Changed in place: a copy taken out and written back would copy the whole memory of
    /// ids (its storage shared while `change` runs), which made a page insert cost the list.
    private mutating func updateMarks(of tab: TabState, _ change: (inout ListMarks) -> Void) {
        if marks[tab.index]?.query != tab.query { marks[tab.index] = ListMarks(query: tab.query) }
        change(&marks[tab.index, default: ListMarks(query: tab.query)])
    }

    // MARK: What is shown

    /// The mark on `item`'s card in `tab`: `new`, `changed`, or nil.
    func mark(of item: Item, in tab: TabState) -> String? {
        guard let marks = marks[tab.index], marks.query == tab.query else { return nil }
        return marks.mark(item)
    }

    /// The status line's words about the watch for `tab`: `watching · every 30s · 2 new`.
    func note(for tab: TabState) -> String? {
        guard let interval else { return nil }
        var parts = ["watching", "every \(Self.text(interval))"]
        if let marks = marks[tab.index], marks.query == tab.query, marks.newCount > 0 { parts.append("\(marks.newCount) new") }
        if let failure { parts.append("last look failed: \(failure)") }
        return parts.joined(separator: " · ")
    }
}
