/// A link the server no longer takes, and how a list heals from it.
///
/// A cursor (or any `next` link) is only as good as the answer it came in. When that
/// answer is a kept copy (the disk cache keeps a page a day), and the server has since
/// started refusing old cursors (410 Gone, 400, 404, 422), every run asked for the dead
/// cursor again and failed, and `r` repeated the refusal. A 4xx to a page reached by a
/// link therefore says: the page before it is out of date. That page is asked for again
/// past every cache (`HTTPRequest.reload`, which also drops the kept copies), and the walk
/// goes on from the fresh link it gives — once per dead link: a second refusal is the
/// answer. `ListStream` (`portal list`) does this by itself; `ListLoader` (the browser's
/// walked lists) on `r`.
public enum DeadLink {
    /// Whether `failure` says a link is dead: a 4xx other than the ones about who asks
    /// (401, 403, 407) or how often (408, 429), which another copy of a page cannot mend.
    public static func isDead(_ failure: PageFailure) -> Bool {
        guard case .http(let status) = failure.kind else { return false }
        return (400..<500).contains(status) && ![401, 403, 407, 408, 429].contains(status)
    }

    /// The page that gave the dead link `failed`, asked again past the caches; nil when
    /// `failure` is no dead link, or there is no such page (the first page failed).
    public static func healing(_ failure: PageFailure, of failed: PageRequest, from previous: PageRequest?) -> PageRequest? {
        guard isDead(failure), var previous, previous.http != failed.http else { return nil }
        previous.http.reload = true
        return previous
    }
}
