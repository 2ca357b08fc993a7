import PortalCore

/// What an addressable list knows of where it really ends, once a page has held fewer items
/// than the total promised (an empty page, a short one, a 404).
///
/// Why it exists: a server that says `count: 1000000` while its pages past the third are
/// empty made End a storm — each empty page shrank the total by one page and the grid,
/// at the end, asked for the new last page, 583 requests in 7 s. Here the evidence is kept
/// instead: the highest page seen full and the lowest page seen short bracket the end, and
/// the list finds it with a bounded number of probes (up from the last full page 1, 2, 4, …
/// pages, then halving the gap; a total a server reports inside the gap is tried once),
/// never one page at a time. Once a page has contradicted the total, reported totals are
/// no longer believed: only pages are.
///
/// The same search finds the end of a list that addresses its pages but reports no total
/// (GraphQL offset cursors without `totalCount`, a `list[Item]` with skip/limit): End opens
/// it (`open`) with no short page yet, and the probes go up until one comes back short.
struct SparseEnd {
    /// A page that held fewer items than the list expected: the list ends there, or before.
    struct ShortPage: Equatable {
        var page: Int
        var count: Int
    }

    /// The highest page seen with a whole page of items; -1 for none.
    var lastFull = -1
    /// The lowest page seen short; nil while every page kept the total's promise.
    var short: ShortPage?
    /// The short page was the end its own answer reported (`count` up to it), taken as
    /// the end without a search: once per list, so no sequence of such answers can storm.
    var trusted = false
    /// A total reported inside the gap, tried once as the next probe.
    var hint: Int?
    var hintUsed = false
    /// Probes in flight go outside the page table (they are past the total shown).
    var probe: PageRequest?
    /// The next probe's distance above `lastFull` while probes come back full.
    var stride = 1
    /// A probe came back short: the gap is halved from now on.
    var bisecting = false
    /// Probes that came back whole while climbing (1, 2, 4, … pages up).
    var climbed = 0
    /// The most probes an open search climbs before it stops (issue 35, item 2: a server
    /// answering any offset was probed to offset 687,194,767,340). 2²⁴ pages is past any
    /// list a screen walks to; the halving after it asks at most as many again.
    static let maxClimb = 24
    /// The search was opened on a list with no total: until a page comes back short, the
    /// probes go up from the last whole page.
    var open = false

    /// Whether pages, not reported totals, decide the end now.
    var distrustsTotals: Bool { short != nil }

    /// The end is bracketed but not found: pages between the last full one and the first
    /// short one are unknown.
    var isSearching: Bool {
        guard let short else { return open }
        guard !trusted else { return false }
        return short.page > lastFull + 1
    }

    /// The total the evidence supports: the items up to the short page when the end is
    /// found (or trusted), else the whole pages seen so far.
    func total(pageSize size: Int) -> Int? {
        guard let short else { return nil }
        if trusted || short.page <= lastFull + 1 {
            return Saturating.add(Saturating.multiply(short.page, size), short.count)
        }
        return Saturating.multiply(lastFull + 1, size)
    }

    /// A page held `count` items, fewer than expected. `reported` is the total its answer
    /// gave: when it ends exactly at this page, it is trusted as the end once.
    mutating func noteShort(page: Int, count: Int, reported: Int?, pageSize size: Int) {
        if let short, short.page < page || (short.page == page && short.count <= count) { return }
        short = ShortPage(page: page, count: count)
        trusted = false
        if !hintUsed, let reported, reported == Saturating.add(Saturating.multiply(page, size), count) {
            hintUsed = true
            trusted = true
            hint = nil
        } else if !hintUsed, let reported, reported > Saturating.multiply(lastFull + 1, size), reported < Saturating.multiply(page, size) {
            hint = reported
        }
    }

    /// A page came back whole.
    mutating func noteFull(page: Int) {
        lastFull = max(lastFull, page)
        if let short, short.page <= lastFull { self.short = ShortPage(page: lastFull + 1, count: 0) }
    }

    /// The page to ask next to find the end, and records it as in flight; nil when no
    /// search is under way or a probe is already out.
    mutating func nextProbePage(pageSize size: Int) -> Int? {
        guard isSearching, probe == nil else { return nil }
        guard let short else { return Saturating.add(lastFull, stride) }
        if let hint, !hintUsed {
            self.hint = nil
            hintUsed = true
            let page = (hint - 1) / size
            if page > lastFull, page < short.page { return page }
        }
        if bisecting { return lastFull + (short.page - lastFull) / 2 }
        return min(Saturating.add(lastFull, stride), short.page - 1)
    }

    /// A probe's answer: whole (go on up, twice as far) or short (halve from now on).
    mutating func probeAnswered(page: Int, count: Int, reported: Int?, pageSize size: Int) {
        probe = nil
        if count >= size {
            noteFull(page: page)
            if !bisecting {
                stride = Saturating.multiply(stride, 2)
                climbed += 1
            }
        } else {
            bisecting = true
            noteShort(page: page, count: count, reported: reported, pageSize: size)
        }
    }

    /// A probe that failed for another reason than "no such page": the end is taken where
    /// the whole pages stop, rather than asking on.
    mutating func giveUp() {
        probe = nil
        short = ShortPage(page: lastFull + 1, count: 0)
        trusted = false
    }
}
