/// A link the server no longer takes, and how a list heals from it.
///
/// A cursor (or any `next` link) is only as good as the answer it came in. When that
/// answer is a kept copy (the disk cache keeps a page a day), and the server has since
/// started refusing old cursors (410 Gone, 400, 404, 422), every run asked for the dead
/// cursor again and failed, and `r` repeated the refusal. A 4xx to a page reached by a
/// link therefore says: the page before it is out of date. That page is asked for again
/// past every cache (`HTTPRequest.reload`, which also drops the kept copies) and the walk
/// goes on from the fresh link it gives. When that page was itself reached by a link
/// that is now dead (the cache kept several pages of the walk), the list is read again
/// from its first page (which needs no link), past the caches, and the items already
/// shown are skipped. A third refusal in a row is the answer. `ListStream` (`portal
/// list`) heals by itself; `ListLoader` (the browser's walked lists) on `r`.
public enum DeadLink {
    /// Whether `failure` says a link is dead: a 4xx other than the ones about who asks
    /// (401, 403, 407) or how often (408, 429), which another copy of a page cannot mend.
    public static func isDead(_ failure: PageFailure) -> Bool {
        guard case .http(let status) = failure.kind else { return false }
        return (400..<500).contains(status) && ![401, 403, 407, 408, 429].contains(status)
    }

    /// What to ask instead of failing.
    public enum Heal: Sendable, Equatable {
        /// The page that gave the dead link, read again: the walk goes on from its link.
        case again(PageRequest)
        /// The list's first page, read again: the walk starts over, skipping what was shown.
        case restart(PageRequest)

        public var request: PageRequest {
            switch self {
            case .again(let request), .restart(let request): request
            }
        }
    }

    /// The healing of one list: the page before the one asked for, and how many heals
    /// in a row have been tried since a page last brought something new.
    public struct Healer: Sendable {
        public let first: PageRequest
        public private(set) var previous: PageRequest?
        private var tries = 0

        public init(first: PageRequest) {
            self.first = first
        }

        /// `request`'s page arrived; `broughtNew` when it had items not shown before
        /// (which ends a heal).
        public mutating func arrived(_ request: PageRequest, broughtNew: Bool) {
            previous = request
            if broughtNew { tries = 0 }
        }

        /// What to ask instead of `failed`, or nil to fail: the page before it again, then
        /// the first page again, then nothing.
        public mutating func heal(_ failure: PageFailure, of failed: PageRequest) -> Heal? {
            // The first page (or its window asked again with a weaker count, PostgREST's
            // step-down) was reached by no link: a 4xx to it is the answer, not a dead link.
            guard DeadLink.isDead(failure), tries < 2, failed.index != first.index else { return nil }
            var again: Heal?
            if tries == 0, var previous, previous.index != failed.index, previous.http != failed.http, !failed.http.reload {
                previous.http.reload = true
                again = .again(previous)
            } else if first.http != failed.http {
                var first = self.first
                first.http.reload = true
                again = .restart(first)
                tries = 1
            }
            guard let again else { return nil }
            tries += 1
            return again
        }
    }
}
