import PortalCore

/// Owns one list: its items (unique by id, in server order), where the next page is, and
/// a `PageState`.
///
/// It is a state machine with no I/O: `loadMore()` and `retry()` hand out at most one
/// `PageTicket` at a time, a fetcher runs it elsewhere, and `apply(_:for:)` folds the
/// result in as one batch. That keeps it deterministic to test and lets the UI thread own
/// it without locks. It knows only the first page's request: decoding (and so the
/// strategy) belongs to whoever fetches, which keeps the loader free of any one API.
public final class ListLoader<Item: Identifiable & Sendable> where Item.ID: Sendable {
    /// The request the list starts from.
    public private(set) var firstPage: PageRequest
    /// The items held, in order. Pages dropped past a byte bound (`evictWalkedPages`) are
    /// not in it; `item(at:)` answers by index whatever is dropped.
    public var items: [Item] { walked.heldItems }
    public private(set) var state: PageState = .idle
    /// The total the server reports, once a page has said it.
    public private(set) var totalCount: Int?
    /// The latest estimate of the total (`count=planned|estimated`), until the end is
    /// reached and the real count is known.
    public private(set) var estimatedTotal: Int?
    public private(set) var pagesLoaded = 0
    /// Bumped by `reset`; results stamped with an older generation are dropped.
    public private(set) var generation = 0
    /// When a failed page may be retried (after a 429's `Retry-After`), if later than now.
    public private(set) var retryNotBefore: ContinuousClock.Instant?
    /// The longest `Retry-After` honoured; a server asking more is capped here.
    public var maxRetryAfter: Duration = .seconds(60)

    /// Every page walked, with the request that led to it (`WalkedPageTable`).
    var walked = WalkedPageTable<Item>()
    private var next: PageRequest?
    /// Heals a dead link on `retry` (`DeadLink`): the page before again, else the list
    /// from its first page (`rewalking` while it brings nothing new, which the link guard
    /// then does not count as empty pages).
    private var healer: DeadLink.Healer
    private var rewalking = false
    var seen = Set<Item.ID>()
    /// The content keys of items that have no id of their own (`ContentIdentified`).
    private var seenContent = Set<Int>()
    /// Refuses a `next` that would make the list go round (see `PageLinkGuard`).
    private var links: PageLinkGuard
    let now: @Sendable () -> ContinuousClock.Instant

    /// - Parameter clock: when a `Retry-After` has passed.
    /// - Parameter emptyPagesLimit: pages in a row with nothing new that end the walk
    ///   (`PageLinkGuard`).
    public init<C: Clock>(firstPage: PageRequest, clock: C = ContinuousClock(), emptyPagesLimit: Int = PageLinkGuard.maxEmptyPages)
    where C.Instant == ContinuousClock.Instant {
        let now: @Sendable () -> ContinuousClock.Instant = { clock.now }
        self.firstPage = firstPage
        self.next = firstPage
        self.links = PageLinkGuard(firstPage: firstPage, emptyPagesLimit: emptyPagesLimit)
        self.healer = DeadLink.Healer(first: firstPage)
        self.now = now
    }

    /// A list that starts at `strategy`'s first page.
    public convenience init<Strategy: PageStrategy<Item>, C: Clock>(strategy: Strategy, clock: C = ContinuousClock())
    where C.Instant == ContinuousClock.Instant {
        self.init(firstPage: strategy.firstPage, clock: clock)
    }

    /// Items walked so far, held or dropped.
    public var count: Int { walked.count }

    /// The item at `index`; nil past the end or while its page is dropped.
    public func item(at index: Int) -> Item? { walked.item(at: index) }

    /// Whether an item with `id` is listed.
    public func contains(id: Item.ID) -> Bool { seen.contains(id) }
    public var isExhausted: Bool { state == .exhausted }
    public var hasMore: Bool { next != nil }

    /// Asks for the next page, unless one is in flight, the list failed (use `retry`), or
    /// the end was reached. A burst of calls while loading returns nil each time.
    public func loadMore() -> PageTicket? {
        guard case .idle = state, let next else { return nil }
        state = .loading(next)
        return PageTicket(generation: generation, request: next)
    }

    /// Asks again for the page that failed; nil if nothing failed or the server's
    /// `Retry-After` has not yet passed.
    public func retry() -> PageTicket? {
        guard case .failed(let failure, let failed) = state else { return nil }
        if let notBefore = retryNotBefore, now() < notBefore { return nil }
        retryNotBefore = nil
        let heal = healer.heal(failure, of: failed)
        if case .restart = heal { rewalking = true }
        let request = heal?.request ?? failed
        state = .loading(request)
        return PageTicket(generation: generation, request: request)
    }

    /// Folds one page result in. Items already present (same id) are skipped; the change
    /// names exactly the appended range.
    @discardableResult
    public func apply(_ result: Result<PageContent<Item>, PageFailure>, for ticket: PageTicket) -> ListChange {
        guard ticket.generation == generation, case .loading(let inFlight) = state, inFlight == ticket.request else {
            return .ignored
        }
        switch result {
        case .failure(let failure):
            state = .failed(failure, ticket.request)
            if let wait = failure.retryWait(cap: maxRetryAfter) {
                retryNotBefore = now() + wait
            }
            return .failed(failure)
        case .success(let page):
            // New by id, or by content for items whose id is only their position.
            let contentKeys = page.items.map { ($0 as? any ContentIdentified)?.contentKey }
            let bringsNothingNew = zip(page.items, contentKeys).allSatisfy { item, key in
                key.map { seenContent.contains($0) } ?? seen.contains(item.id)
            }
            if let next = page.next, let refusal = links.admit(next, after: ticket.request, bringsNothingNew: bringsNothingNew && !rewalking) {
                state = .failed(refusal, ticket.request)
                return .failed(refusal)
            }
            let start = walked.count
            // A page of nothing new adds nothing: its items are ones already listed.
            var added: [Item] = []
            // The bytes of those added, from the estimates noted where the page was decoded.
            let notedBytes = page.itemBytesIfWhole
            var addedBytes = 0
            for offset in page.items.indices where !bringsNothingNew && seen.insert(page.items[offset].id).inserted {
                added.append(page.items[offset])
                if let notedBytes { addedBytes += notedBytes[offset] }
            }
            walked.append(added, by: ticket.request, itemBytes: notedBytes == nil ? nil : addedBytes)
            for case let key? in contentKeys { seenContent.insert(key) }
            // A page read again to heal a dead link is not one more page.
            if !ticket.request.http.reload, !rewalking || !added.isEmpty { pagesLoaded += 1 }
            if !added.isEmpty { rewalking = false }
            healer.arrived(ticket.request, broughtNew: !added.isEmpty)
            totalCount = ReportedCount.total(reported: page.totalCount, previous: totalCount, loaded: walked.count)
            if let estimate = ReportedCount.plausible(page.estimatedTotal) { estimatedTotal = estimate }
            next = page.next
            state = next == nil ? .exhausted : .idle
            if state == .exhausted, totalCount == nil { totalCount = walked.count }
            return .inserted(start..<walked.count)
        }
    }

    /// Puts a fuller copy of an item already listed in its place (a Pokémon's detail after
    /// its list entry), so the card shows what the pane learnt. Returns where it is; nil,
    /// and nothing changes, when the id is not listed.
    @discardableResult
    public func replace(_ item: Item) -> Int? {
        guard seen.contains(item.id) else { return nil }
        return walked.replace(item)
    }

    /// Starts the list over (a new search): everything loaded is dropped and late results
    /// of the old generation will be ignored.
    public func reset(firstPage: PageRequest) {
        self.firstPage = firstPage
        links = PageLinkGuard(firstPage: firstPage, emptyPagesLimit: links.emptyPagesLimit)
        generation += 1
        walked = WalkedPageTable()
        seen = []
        seenContent = []
        totalCount = nil
        estimatedTotal = nil
        pagesLoaded = 0
        retryNotBefore = nil
        healer = DeadLink.Healer(first: firstPage)
        rewalking = false
        next = firstPage
        state = .idle
    }

    /// Starts the list over at `strategy`'s first page.
    public func reset<Strategy: PageStrategy<Item>>(strategy: Strategy) {
        reset(firstPage: strategy.firstPage)
    }
}
