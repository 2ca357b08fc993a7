import Foundation
import PortalCore

/// The rate limits the screen knows of, by origin, as the answers said them (a page's
/// `PageContent.rate`, any other answer's `AppMessage.rate`): pictures from the list's own
/// origin spend the list's budget, pictures from a CDN spend only the CDN's. While an
/// origin's budget is low, nothing speculative goes to it (pages beyond the screen,
/// pictures of cards ahead), and the status line says so until its reset (issue 35,
/// item 19). A reset passing is a timer (`Wake.rateReset`), so the note goes and prefetch
/// resumes even when nothing else happens.
struct RateNotes {
    /// Origins remembered at most; past it they start over (as `RateBudget`'s).
    static let maxOrigins = 64
    /// Requests kept for pages: with this few left on an origin, no picture goes to it at
    /// all (pages first: the screen's next page must not wait for the reset behind cards'
    /// pictures); they come after the reset.
    static let pageReserve = 5
    /// Woken this long after a reset: the server's clock and ours are not one.
    static let resetMargin: Duration = .milliseconds(250)

    private(set) var limits: [Origin: RateLimit] = [:]
    /// The timer set for the soonest low reset (its ticket), if any.
    private(set) var wake: (ticket: Int, reset: Date)?
    private var lastWakeTicket = 0

    /// What an answer from `origin` said (nil: nothing, so nothing is held for it).
    mutating func note(_ limit: RateLimit?, from origin: Origin) {
        if limits.count >= Self.maxOrigins, limits[origin] == nil { limits.removeAll() }
        limits[origin] = limit
    }

    /// `origin`'s limit while it is low and its reset still ahead of `now`.
    func low(_ origin: Origin?, at now: Date) -> RateLimit? {
        guard let origin, let limit = limits[origin], limit.isLow, limit.holds(at: now) else { return nil }
        return limit
    }

    /// The limit of `url`'s origin while it is low.
    func low(url: URL, at now: Date) -> RateLimit? {
        // No limit noted (most APIs say none): no origin to read out of the URL, which the
        // planner asked for every page that arrived.
        guard !limits.isEmpty else { return nil }
        return low(SplitURL(url.absoluteString)?.origin, at: now)
    }

    /// Whether what is left at `url`'s origin is kept for pages (`pageReserve`).
    func keptForPages(url: URL, at now: Date) -> Bool {
        guard let left = low(url: url, at: now)?.remaining else { return false }
        return left <= Self.pageReserve
    }

    /// Forgets the limits whose reset has passed at `now` (they say nothing any more).
    mutating func forgetPassed(at now: Date) {
        limits = limits.filter { $0.value.holds(at: now) }
    }

    /// The soonest reset still ahead of `now` among the low limits: when the screen must
    /// look again (a note to take off the status line, prefetch to resume).
    func nextLowReset(after now: Date) -> Date? {
        limits.values.filter { $0.isLow && $0.holds(at: now) }.compactMap(\.reset).min()
    }

    /// The timer to set now, if any: for the soonest low reset ahead of `now`, unless one
    /// is set for it or sooner already (that one, when it wakes, sets the next).
    mutating func wakeOwed(at now: Date) -> (ticket: Int, after: Duration)? {
        guard let reset = nextLowReset(after: now) else { return nil }
        if let set = wake, set.reset <= reset { return nil }
        lastWakeTicket += 1
        wake = (lastWakeTicket, reset)
        let milliseconds = Int((reset.timeIntervalSince(now) * 1000).rounded(.up))
        return (lastWakeTicket, .milliseconds(max(0, milliseconds)) + Self.resetMargin)
    }

    /// The timer `ticket` woke: true when it is the one set (the passed limits are
    /// forgotten); false for one replaced since.
    mutating func woke(_ ticket: Int, at now: Date) -> Bool {
        guard wake?.ticket == ticket else { return false }
        wake = nil
        forgetPassed(at: now)
        return true
    }

    /// The origin of `url`.
    static func origin(of url: URL) -> Origin? {
        SplitURL(url.absoluteString)?.origin
    }
}
