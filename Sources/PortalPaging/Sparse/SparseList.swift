import PortalCore

/// One list as pages addressed by index: it knows the total, answers every index with an
/// item or a placeholder, loads the pages near the viewport in either direction, and keeps
/// only a bounded number of pages in memory.
///
/// It is what lets End on a million rows be one request instead of a walk of 50,000
/// pages, and keeps memory flat however far the user jumps (the shape of Android Paging's
/// placeholders and `maxSize`, and of AG Grid's block cache). Like `ListLoader` it is a
/// state machine with no I/O: `ticketsForPages` hands out `PageTicket`s, a `PageFetcher`
/// runs them elsewhere, and `apply(_:for:)` folds each result in as one batch.
///
/// - The first answer decides the mode (`SparseListMode`): with an addressable strategy
///   and a total, every index exists; otherwise the list is sequential and behaves as
///   `ListLoader` (which it uses for that), with a walk to the end that can be stopped.
/// - Each page has its own state (`SparsePageState`): a page is asked for once, never
///   while it is in flight, never while it is loaded; a failed page waits for `retry()`.
/// - A page result replaces that page's placeholders and nothing else: no other index
///   moves. An id already shown at another index is not shown twice: the index that had
///   it first keeps it, and the later one stays a placeholder (`duplicatesDropped`).
/// - A total that changes between pages (a live server) is adopted: pages past the new
///   end are dropped, a page cut short by a growth is asked once more, the rest is kept.
/// - `reset` starts a new generation; results of an older one are ignored.
/// - `refresh` (`R`) asks again from the top in a new generation whose requests revalidate
///   through the caches, keeping what is shown until the new pages replace it: a fresh
///   row takes the place of its stale copy (no id shown twice), and `index(ofID:)` says
///   where the selected item went.
/// - Loaded pages beyond `maxPages` are dropped farthest from the viewport first
///   (`PageEviction`) and become placeholders again, asked for again when near.
public final class SparseList<Item: Identifiable & Sendable> where Item.ID: Sendable {
    /// The request the list starts from.
    public internal(set) var firstPage: PageRequest
    /// How to ask for page N; nil for a strategy that only follows `next`.
    public internal(set) var addressing: PageAddressing?
    public internal(set) var mode: SparseListMode = .awaitingFirstPage
    /// The most loaded pages kept (at least the pages near the viewport are kept anyway).
    public var maxPages: Int
    /// The most bytes of items the loaded pages hold (`PageByteBudget`; at least the
    /// pages near the viewport are kept anyway), besides `maxPages`.
    public var maxBytes = PageByteBudget.defaultMaxBytes
    /// The most pages in flight before prefetching stops asking; pages on screen are
    /// always asked for.
    public var maxInFlight: Int
    /// A sequential walk to the end is under way (`startWalk`).
    public internal(set) var isWalking = false
    /// What the list found about its paging that the status line says: an end search that
    /// stopped without an end, links or pages that contradict the addressing (it walks).
    public internal(set) var pagingNote: String?
    /// The list was addressed until its pages contradicted it, and walks now (`walkInstead`).
    var walksInstead = false
    /// Items not shown because their id was already at another index.
    public internal(set) var duplicatesDropped = 0
    /// Set by `refresh`: every request of this generation asks the server again
    /// (`HTTPRequest.revalidate`) rather than taking a cache's fresh answer.
    public internal(set) var revalidates = false

    /// The default bound, about 64 MB of items: `make bench` fills a list of the
    /// browser's items to it on a million characters and measures 60 MB held, 315
    /// resident bytes per item (`sparse_rss_mb_at_bound`).
    public static var defaultMaxPages: Int { 10_000 }
    /// The default for `maxInFlight`.
    public static var defaultMaxInFlight: Int { 4 }

    /// The sequential engine: the first page in every mode, and every page of a list
    /// that turns out not to be addressable.
    let sequential: ListLoader<Item>
    var total = 0
    var pages = SparsePageTable<Item>()
    /// Where each shown id is (loaded pages only), so no id is shown twice.
    var positions: [Item.ID: Int] = [:]
    /// A sequential list's items from before `refresh`, shown past the new ones until the
    /// new pages reach them (or the list ends short of them).
    var staleItems: [Item]?
    /// The last viewport and prefetch margins asked for, in items.
    var window = SparseWindow(visible: 0..<0, before: 0, after: 0)
    /// Where the list really ends, once a page held fewer items than the total promised.
    var end = SparseEnd()
    /// The whole pages an open end search brought, kept for when the list turns addressable.
    var probedPages: [Int: [Item]] = [:]
    let now: @Sendable () -> ContinuousClock.Instant

    /// - Parameter clock: when a failed page's `Retry-After` has passed.
    public init<C: Clock>(
        firstPage: PageRequest, addressing: PageAddressing?,
        maxPages: Int = SparseList.defaultMaxPages, maxInFlight: Int = SparseList.defaultMaxInFlight,
        emptyPagesLimit: Int = PageLinkGuard.maxEmptyPages, clock: C = ContinuousClock()
    ) where C.Instant == ContinuousClock.Instant {
        self.firstPage = firstPage
        self.addressing = addressing
        self.maxPages = maxPages
        self.maxInFlight = maxInFlight
        self.now = { clock.now }
        self.sequential = ListLoader(firstPage: firstPage, clock: clock, emptyPagesLimit: emptyPagesLimit)
    }

    /// A list of `strategy`'s pages, addressable when the strategy is.
    public convenience init<C: Clock>(
        strategy: some PageStrategy<Item>,
        maxPages: Int = SparseList.defaultMaxPages, maxInFlight: Int = SparseList.defaultMaxInFlight,
        clock: C = ContinuousClock()
    ) where C.Instant == ContinuousClock.Instant {
        self.init(firstPage: strategy.firstPage, addressing: PageAddressing(strategy), maxPages: maxPages, maxInFlight: maxInFlight, clock: clock)
    }

    // MARK: What the list shows

    /// Every index: the total once an addressable list knows it, else the items so far.
    public var count: Int {
        if case .addressable = mode { return total }
        return max(sequential.count, staleItems?.count ?? 0)
    }

    public var isAddressable: Bool {
        if case .addressable = mode { return true }
        return false
    }

    /// Bumped by `reset`; tickets of an older generation are ignored.
    public var generation: Int { sequential.generation }

    /// The longest `Retry-After` honoured.
    public var maxRetryAfter: Duration {
        get { sequential.maxRetryAfter }
        set { sequential.maxRetryAfter = newValue }
    }

    /// Whether pages remain to be walked to: only a list that is (or may be) sequential
    /// has an end to reach; an addressable one has every index already.
    public var hasMore: Bool {
        if case .addressable = mode { return false }
        return sequential.hasMore
    }

    /// The item or placeholder at `index` (`0..<count`; outside it, a placeholder).
    ///
    /// Specialised for the browser's `Item` and exported (as `apply` is): called from
    /// PortalUI, the generic code copied items and pages through value witnesses, about a
    /// third of a page insert (docs/benchmarks.md, page inserts).
    @_specialize(exported: true, where Item == PortalCore.Item)
    public func slot(at index: Int) -> SparseSlot<Item> {
        guard case .addressable(let size) = mode else {
            if let item = sequential.item(at: index) { return .item(item) }
            if let stale = staleItems, index >= 0, index < stale.count {
                // Shown until the new pages reach it, unless it already came back higher up.
                return sequential.contains(id: stale[index].id) ? .placeholder(loading: true) : .item(stale[index])
            }
            return .placeholder(loading: sequential.state.isLoading)
        }
        guard index >= 0, index < total, let page = pages[index / size] else { return .placeholder(loading: false) }
        let offset = index % size
        if let slots = page.slots, offset < slots.count, let item = slots[offset] { return .item(item) }
        return .placeholder(loading: page.fetch.isLoading)
    }

    @_specialize(exported: true, where Item == PortalCore.Item)
    public func item(at index: Int) -> Item? { slot(at: index).item }

    /// Where the item with `id` is shown, if it is loaded.
    public func index(ofID id: Item.ID) -> Int? {
        if isAddressable { return positions[id] }
        if let index = sequential.index(ofID: id) { return index }
        return staleItems?.firstIndex { $0.id == id }
    }

    /// A `refresh` is under way: pages from before it are still shown.
    public var isRefreshing: Bool { staleItems != nil || !pages.stale.isEmpty }

    /// Puts a fuller copy of a loaded item in its place (a Pokémon's detail after its list
    /// entry); no index moves. Returns where it is; nil, and nothing changes, when the id
    /// is not loaded.
    @discardableResult
    public func replace(_ item: Item) -> Int? {
        guard case .addressable(let size) = mode else { return sequential.replace(item) }
        guard let index = positions[item.id], let slots = pages[index / size]?.slots,
              index % size < slots.count, slots[index % size] != nil else { return nil }
        pages[index / size]?.slots?[index % size] = item
        return index
    }

    /// Pages of an addressable list (0 before the total is known).
    public var pageCount: Int {
        guard case .addressable(let size) = mode else { return 0 }
        return Self.pagesFor(total: total, size: size)
    }

    /// The page holding `index`, in an addressable list.
    public func page(containing index: Int) -> Int? {
        guard case .addressable(let size) = mode, index >= 0, index < total else { return nil }
        return index / size
    }

    public func state(ofPage index: Int) -> SparsePageState {
        guard let page = pages[index] else { return .idle }
        switch page.fetch {
        case .loading: return .loading
        case .failed(let failure, _, _): return .failed(failure)
        case .idle: return page.slots == nil ? .idle : .loaded
        }
    }

    /// Pages loaded so far: every page a sequential list walked, the pages held by an
    /// addressable one.
    public var pagesLoaded: Int { isAddressable ? loadedPageCount : sequential.pagesLoaded }

    /// The total the server reported, once known. A list walked because its pages
    /// contradicted their addressing (`walkInstead`) counts what arrived: its answers'
    /// totals (and the page × size a last page implies) are what it contradicted.
    public var totalCount: Int? {
        if isAddressable { return total }
        if walksInstead { return sequential.isExhausted ? sequential.count : nil }
        return sequential.totalCount
    }

    /// The server's estimate of the total (`count=planned|estimated`) while the list has
    /// no real count; shown as `≈ N`.
    public var estimatedTotal: Int? { totalCount == nil ? sequential.estimatedTotal : nil }

    /// Nothing is left to ask for: a sequential list at its end, or an addressable one
    /// holding every page (an empty list included).
    public var isComplete: Bool {
        guard case .addressable(let size) = mode else { return sequential.isExhausted }
        return loadedPageCount >= Self.pagesFor(total: total, size: size)
    }

    /// Whether `request` is in flight (an interim note for it still belongs on screen).
    public func isInFlight(_ request: PageRequest) -> Bool {
        if end.probe == request { return true }
        guard isAddressable else { return sequential.state == .loading(request) || sequential.isRefetching(request) }
        if case .loading(let asked)? = pages[request.index]?.fetch { return asked == request }
        return false
    }

    public var loadedPageCount: Int { pages.loaded.count }
    public var pagesInFlight: Int {
        isAddressable ? pages.loading.count + (end.probe == nil ? 0 : 1) : (sequential.state.isLoading ? 1 : 0) + sequential.pagesRefetching + (end.probe == nil ? 0 : 1)
    }

    /// Failed pages of an addressable list, in order.
    public var failedPages: [Int] {
        pages.failed.sorted()
    }

    /// The failure to show: the first failed page near the viewport (what `retry` would
    /// ask again), or the sequential list's failure.
    public var failure: PageFailure? {
        guard case .addressable(let size) = mode else {
            if case .failed(let failure, _) = sequential.state { return failure }
            return sequential.droppedPageFailure
        }
        let near = pageWindow(size)?.near
        for index in failedPages where near?.contains(index) == true {
            if case .failed(let failure, _, _)? = pages[index]?.fetch { return failure }
        }
        return nil
    }

    /// The earliest moment a failed page may be asked again (a 429's `Retry-After`).
    public var retryNotBefore: ContinuousClock.Instant? {
        guard isAddressable else { return sequential.retryNotBefore }
        return pages.failed.compactMap { if case .failed(_, _, let notBefore)? = pages[$0]?.fetch { notBefore } else { nil } }.min()
    }
}
