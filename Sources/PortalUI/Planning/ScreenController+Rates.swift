import Foundation
import PortalCore

/// Rate limits as the screen follows them (issue 35, item 19): every answer's limit is
/// noted by origin (`RateNotes`); while the budget of an origin is low the planner asks it
/// for nothing speculative — pages beyond the screen (`ScreenPlanner`), pictures of the
/// cards ahead (here) — and the status line says `rate 12 left · resets 14:05`. When the
/// reset passes a timer wakes the update (`Wake.rateReset`): the note goes and prefetch
/// resumes without waiting for a key.
extension ScreenController {
    /// An answer from `origin` said `limit` (nil: it said none).
    func noteRate(_ limit: RateLimit?, from origin: Origin?) {
        guard let origin else { return }
        planner.rates.note(limit, from: origin)
        wakeForRateReset()
    }

    /// The rate-reset timer `ticket` is due: what passed is forgotten, and the next one set.
    func wokeForRateReset(_ ticket: Int) {
        guard planner.rates.woke(ticket, at: planner.today()) else { return }
        wakeForRateReset()
    }

    /// Sets the timer for the soonest low reset, when one is owed.
    private func wakeForRateReset() {
        guard let owed = planner.rates.wakeOwed(at: planner.today()) else { return }
        emit([.wakeAfter(owed.after, .rateReset(ticket: owed.ticket))])
    }

    /// The status line's rate note: the active list's origin's budget while it is low.
    var rateNote: String? { planner.lowRate(of: tab)?.statusText() }

    /// The pictures that may be asked for: none on an origin whose last few requests are
    /// kept for pages (`RateNotes.pageReserve`).
    func picturesWithinRate(_ wanted: [PictureTicket]) -> [PictureTicket] {
        guard !planner.rates.limits.isEmpty else { return wanted }
        let now = planner.today()
        return wanted.filter { !planner.rates.keptForPages(url: $0.request.url, at: now) }
    }

    /// The cards ahead whose pictures may be asked for: none whose picture is on an origin
    /// with little budget left (on-screen cards still get theirs).
    func aheadWithinRate(_ ahead: [Int], of tab: TabState) -> [Int] {
        guard !planner.rates.limits.isEmpty, !ahead.isEmpty else { return ahead }
        let now = planner.today()
        let list = tab.list, store = pictures, source = self.source
        return ahead.filter { index in
            guard let item = list.item(at: index), let ticket = store.ticket(for: item, in: source) else { return true }
            return planner.rates.low(url: ticket.request.url, at: now) == nil
        }
    }
}
