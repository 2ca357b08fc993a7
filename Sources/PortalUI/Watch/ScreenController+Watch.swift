import PortalCore

/// The list watch (`ListWatch`) and the marks (`ListMarks`) beside the controller: the
/// timer (an effect, `wakeAfter(interval, .watch)`, answered as a message like any other:
/// no second way into the update), the look at the first page, what its answer changes,
/// and what the status line and the cards say about it.
extension ScreenController {
    // MARK: The timer

    /// The watch's timer is due (`AppMessage.woke(.watch)`): the look, and the next timer
    /// an interval on. A timer set before `w` turned the watch off (or on again) is not
    /// the watch's any more and does nothing.
    func wokeForWatch(_ ticket: Int) {
        guard watch.interval != nil, ticket == watch.ticket else { return }
        emit(look())
        setWatchTimer()
    }

    /// Asks to be woken an interval from now.
    private func setWatchTimer() {
        guard let interval = watch.interval else { return }
        watch.ticket += 1
        emit([.wakeAfter(interval, .watch(ticket: watch.ticket))])
    }

    /// The watch's look at the active tab's first page.
    private func look() -> [Effect] {
        let tab = self.tab
        // A list still refreshing from the last find, or not yet shown, is looked at next
        // time; so is one under an open pane (a refresh starts a new list generation, which
        // would drop the pane's answers still on their way), and one whose last look has
        // not answered yet (a look slower than the interval skips one).
        guard started, tab.isStarted, tab.pane == nil, watch.lookInFlight == nil, !tab.list.isRefreshing, tab.list.count > 0 else {
            return []
        }
        var request = tab.list.firstPage
        request.http.revalidate = true
        let address = ListWatch.lookAddress(for: tab.address)
        watch.lookInFlight = tab.index
        return [.fetchPage(address, PageTicket(outsideList: address.generation, request: request), tab.query, .nearby)]
    }

    // MARK: Watching

    /// `--watch`: looks every `interval` from the start (the first look one interval in).
    /// Called before the first update, the timer goes out with its effects.
    public func startWatching(every interval: Duration) {
        watch.chosenInterval = max(interval, ListWatch.shortestInterval)
        watch.interval = watch.chosenInterval
        setWatchTimer()
    }

    /// `--watch`: this controller watching every `interval` from the start (nil: not).
    @discardableResult
    public func watching(every interval: Duration?) -> Self {
        if let interval { startWatching(every: interval) }
        return self
    }

    /// Reads `--watch`'s `30s`, `2m`, `1h` (a bare number is seconds, at least 1 s).
    public nonisolated static func watchInterval(_ text: String) -> Duration? {
        ListWatch.interval(parsing: text)
    }

    /// `w`: watching on (at `--watch`'s interval, else 30 s) or off (the marks go).
    func toggleWatch() {
        if watch.interval == nil {
            startWatching(every: watch.chosenInterval)
            say("watching · every \(ListWatch.text(watch.chosenInterval))")
        } else {
            watch.interval = nil
            watch.failure = nil
            for tab in tabs { marks[tab.index]?.new = []; marks[tab.index]?.newCount = 0; marks[tab.index]?.grownFrom = nil }
            say("not watching")
        }
    }

    /// Whether the controller is watching the active tab's list.
    public var isWatching: Bool { watch.interval != nil }

    // MARK: Answers

    /// A page answer, before the list gets it: a look's answer is taken here (true: the
    /// list must not see it); a list's own page is remembered in the marks (false).
    func receiveWatched(_ list: ListAddress, _ ticket: PageTicket, _ result: Result<PageContent<Item>, PageFailure>) -> Bool {
        guard list.tab < tabs.count else { return ListWatch.isLook(list) }
        let tab = tabs[list.tab]
        if ListWatch.isLook(list) {
            if watch.lookInFlight == list.tab { watch.lookInFlight = nil }
            looked(tab, result, generation: -1 - list.generation)
            return true
        }
        guard ticket.generation == tab.list.generation, case .success(let page) = result else { return false }
        var start: Int?
        if case .addressable(let size) = tab.list.mode { start = ticket.request.index * size } else if ticket.request.index == 0 { start = 0 }
        updateMarks(of: tab) { $0.see(page.items, hashes: page.contentHashes, from: start, refreshing: tab.list.revalidates) }
        return false
    }

    /// The look's answer: a first page with an id never seen or a larger total refreshes
    /// the list (the selection kept on its item); anything else (a 304) changes nothing.
    private func looked(_ tab: TabState, _ result: Result<PageContent<Item>, PageFailure>, generation: Int) {
        switch result {
        case .failure(let failure):
            watch.failure = failure.message
            return
        case .success(let page):
            watch.failure = nil
            guard generation == tab.list.generation, !tab.list.isRefreshing else { return }
            let known = marks[tab.index]?.looks ?? [:]
            let unseen = page.items.map(\.id).filter { known[$0] == nil }
            let oldCount = tab.list.count
            // Growth beyond the new ids on the first page is new items further down: at the
            // end, past the old ones (which the first page's new ones pushed down).
            let growth = tab.list.isAddressable ? max(0, (page.totalCount.map(ReportedCount.clamped) ?? oldCount) - oldCount) : 0
            let elsewhere = max(0, growth - unseen.count)
            guard !unseen.isEmpty || elsewhere > 0 else { return }
            updateMarks(of: tab) { marks in
                marks.new.formUnion(unseen)
                marks.newCount += unseen.count + elsewhere
                if elsewhere > 0 { marks.grownFrom = min(marks.grownFrom ?? Int.max, oldCount + unseen.count) }
            }
            tab.refresh()
        }
    }

    /// Runs `change` on `tab`'s marks, started over when the tab's query is not theirs.
    /// Changed in place: a copy taken out and written back would copy the whole memory of
    /// ids (its storage shared while `change` runs), which made a page insert cost the list.
    private func updateMarks(of tab: TabState, _ change: (inout ListMarks) -> Void) {
        if marks[tab.index]?.query != tab.query { marks[tab.index] = ListMarks(query: tab.query) }
        change(&marks[tab.index, default: ListMarks(query: tab.query)])
    }

    // MARK: What is shown

    /// The mark on `item`'s card in the active tab: `new`, `changed`, or nil.
    public func mark(of item: Item) -> String? {
        guard let marks = marks[activeTab], marks.query == tab.query else { return nil }
        return marks.mark(item)
    }

    /// The status line's words about the watch: `watching · every 30s · 2 new`.
    var watchNote: String? {
        guard let interval = watch.interval else { return nil }
        var parts = ["watching", "every \(ListWatch.text(interval))"]
        if let marks = marks[activeTab], marks.query == tab.query, marks.newCount > 0 { parts.append("\(marks.newCount) new") }
        if let failure = watch.failure { parts.append("last look failed: \(failure)") }
        return parts.joined(separator: " · ")
    }

    /// The list's status with what `y`/`Y`/`o`/`w` said and the watch's note after it.
    func withNotes(_ status: ListStatus) -> ListStatus {
        var status = status
        let notes = [status.note, watchNote, notice].compactMap { $0 }
        status.note = notes.isEmpty ? nil : notes.joined(separator: " · ")
        return status
    }
}
