import PortalCore
import PortalPaging

/// The list watch (`ListWatch`, with its own update) beside the root: `--watch` before the
/// first update, routing its timer and page answers to it, and what the status line and
/// the cards say about it. Its look is asked for by the planning step (`PlanStep.look`).
extension ScreenController {
    /// `--watch`: looks every `interval` from the start (the first look one interval in).
    /// Called before the first update, the timer goes out with its effects.
    public func startWatching(every interval: Duration) {
        emit(watch.start(every: interval))
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

    /// `w`: watching on or off; the status line says which.
    func toggleWatch() {
        let (effects, notice) = watch.toggle()
        emit(effects)
        if let notice { say(notice) }
    }

    /// Whether the controller is watching the active tab's list.
    public var isWatching: Bool { watch.interval != nil }

    /// A page answer, before the list gets it: a look's answer is the watch's (true: the
    /// list must not see it; a look that found something new refreshes the list); a list's
    /// own page is remembered in the marks (false).
    func receiveWatched(_ list: ListAddress, _ ticket: PageTicket, _ result: Result<PageContent<Item>, PageFailure>) -> Bool {
        guard list.tab < tabs.count else { return ListWatch.isLook(list) }
        let tab = tabs[list.tab]
        if ListWatch.isLook(list) {
            if watch.looked(list, at: tab, result) == .refresh { tab.refresh() }
            return true
        }
        guard ticket.generation == tab.list.generation, case .success(let page) = result else { return false }
        watch.saw(page, ticket, in: tab)
        return false
    }

    /// The mark on `item`'s card in the active tab: `new`, `changed`, or nil.
    public func mark(of item: Item) -> String? { watch.mark(of: item, in: tab) }

    /// The list's status with what `y`/`Y`/`o`/`w` said and the watch's note after it.
    func withNotes(_ status: ListStatus) -> ListStatus {
        var status = status
        let notes = [status.note, watch.note(for: tab), notice].compactMap { $0 }
        status.note = notes.isEmpty ? nil : notes.joined(separator: " · ")
        return status
    }
}
