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
    public private(set) var firstPage: PageRequest
    /// How to ask for page N; nil for a strategy that only follows `next`.
    public private(set) var addressing: PageAddressing?
    public private(set) var mode: SparseListMode = .awaitingFirstPage
    /// The most loaded pages kept (at least the pages near the viewport are kept anyway).
    public var maxPages: Int
    /// The most pages in flight before prefetching stops asking; pages on screen are
    /// always asked for.
    public var maxInFlight: Int
    /// A sequential walk to the end is under way (`startWalk`).
    public private(set) var isWalking = false
    /// Items not shown because their id was already at another index.
    public private(set) var duplicatesDropped = 0
    /// Set by `refresh`: every request of this generation asks the server again
    /// (`HTTPRequest.revalidate`) rather than taking a cache's fresh answer.
    public private(set) var revalidates = false

    /// The default bound, about 64 MB of items: `make bench` fills a list of the
    /// browser's items to it on a million characters and measures 60 MB held, 315
    /// resident bytes per item (`sparse_rss_mb_at_bound`).
    public static var defaultMaxPages: Int { 10_000 }
    /// The default for `maxInFlight`.
    public static var defaultMaxInFlight: Int { 4 }

    /// The sequential engine: the first page in every mode, and every page of a list
    /// that turns out not to be addressable.
    private let sequential: ListLoader<Item>
    private var total = 0
    private var pages = PageTable()
    /// Where each shown id is (loaded pages only), so no id is shown twice.
    private var positions: [Item.ID: Int] = [:]
    /// A sequential list's items from before `refresh`, shown past the new ones until the
    /// new pages reach them (or the list ends short of them).
    private var staleItems: [Item]?
    /// The last viewport and prefetch margins asked for, in items.
    private var window = Window(visible: 0..<0, before: 0, after: 0)
    private let now: @Sendable () -> ContinuousClock.Instant

    public init(
        firstPage: PageRequest, addressing: PageAddressing?,
        maxPages: Int = SparseList.defaultMaxPages, maxInFlight: Int = SparseList.defaultMaxInFlight,
        now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }
    ) {
        self.firstPage = firstPage
        self.addressing = addressing
        self.maxPages = maxPages
        self.maxInFlight = maxInFlight
        self.now = now
        self.sequential = ListLoader(firstPage: firstPage, now: now)
    }

    /// A list of `strategy`'s pages, addressable when the strategy is.
    public convenience init(
        strategy: some PageStrategy<Item>,
        maxPages: Int = SparseList.defaultMaxPages, maxInFlight: Int = SparseList.defaultMaxInFlight,
        now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }
    ) {
        self.init(firstPage: strategy.firstPage, addressing: PageAddressing(strategy), maxPages: maxPages, maxInFlight: maxInFlight, now: now)
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
    public func slot(at index: Int) -> SparseSlot<Item> {
        guard case .addressable(let size) = mode else {
            if index >= 0, index < sequential.items.count { return .item(sequential.items[index]) }
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

    public func item(at index: Int) -> Item? { slot(at: index).item }

    /// Where the item with `id` is shown, if it is loaded.
    public func index(ofID id: Item.ID) -> Int? {
        if isAddressable { return positions[id] }
        if let index = sequential.items.firstIndex(where: { $0.id == id }) { return index }
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

    /// The total the server reported, once known.
    public var totalCount: Int? { isAddressable ? total : sequential.totalCount }

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
        guard isAddressable else { return sequential.state == .loading(request) }
        if case .loading(let asked)? = pages[request.index]?.fetch { return asked == request }
        return false
    }

    public var loadedPageCount: Int { pages.loaded.count }
    public var pagesInFlight: Int {
        isAddressable ? pages.loading.count : (sequential.state.isLoading ? 1 : 0)
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
            return nil
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

    // MARK: Asking for pages

    /// The pages to ask for now, for a viewport showing `visible` (item indices) with
    /// `before` and `after` items of margin to prefetch. Call it after every key,
    /// resize and page arrival; it is cheap and hands out each page once.
    ///
    /// Addressable: the pages on screen first, then the margins nearest first (the larger
    /// margin's side first at equal distance: that is the way the user is scrolling).
    /// Prefetch stops at `maxInFlight` pages in flight. Sequential: the next page when
    /// `after` reaches past what is loaded, or any time during a walk.
    public func ticketsForPages(near visible: Range<Int>, before: Int, after: Int) -> [PageTicket] {
        window = Window(visible: visible, before: max(0, before), after: max(0, after))
        guard case .addressable(let size) = mode else {
            let wanted = isWalking || visible.upperBound >= sequential.count - window.after
            return wanted ? sequential.loadMore().map { [marked($0)] } ?? [] : []
        }
        guard let around = pageWindow(size) else { return [] }
        var inFlight = pagesInFlight
        var tickets: [PageTicket] = []
        for index in Self.fetchOrder(shown: around.shown, near: around.near, afterFirst: window.after >= window.before) {
            guard needsFetch(index) else { continue }
            if !around.shown.contains(index), inFlight >= maxInFlight { break }
            guard let ticket = ask(index) else { continue }
            tickets.append(ticket)
            inFlight += 1
        }
        return tickets
    }

    /// Gives up on the pages in flight that are far from the viewport asked for last
    /// (`ticketsForPages`): the user scrolled or jumped past them. They go back to idle
    /// (asked again when near) and their requests are returned so the runner can cancel
    /// them, so that holding PgDn against a slow server never queues requests for pages
    /// left far behind ahead of the page on screen.
    ///
    /// Far is beyond `keep` items on either side of the viewport (and beyond the prefetch
    /// margins): the caller passes the farthest its prefetch ever reaches, so a margin that
    /// shrinks when the user stops scrolling cancels nothing, and scrolling back and forth
    /// never cancels and re-asks the same page. A sequential list cancels nothing: its one
    /// page in flight is the next one whatever the viewport.
    public func cancelFarPages(keeping keep: Int) -> [PageRequest] {
        guard case .addressable(let size) = mode, !pages.loading.isEmpty else { return [] }
        let margin = max(window.before, window.after, size, keep)
        let saved = window
        window = Window(visible: window.visible, before: margin, after: margin)
        let near = pageWindow(size)?.near
        window = saved
        var cancelled: [PageRequest] = []
        for index in pages.loading where near?.contains(index) != true {
            guard var page = pages[index], case .loading(let request) = page.fetch else { continue }
            page.fetch = .idle
            pages[index] = page.isEmpty ? nil : page
            cancelled.append(request)
        }
        return cancelled.sorted { $0.index < $1.index }
    }

    /// Asks again for the failed pages near the viewport whose `Retry-After` has passed;
    /// failed pages elsewhere go back to idle (asked again when next near).
    public func retry() -> [PageTicket] {
        guard case .addressable(let size) = mode else { return sequential.retry().map { [marked($0)] } ?? [] }
        let near = pageWindow(size)?.near
        let moment = now()
        var tickets: [PageTicket] = []
        for index in failedPages {
            guard var page = pages[index], case .failed(_, let request, let notBefore) = page.fetch else { continue }
            if let notBefore, moment < notBefore { continue }
            if near?.contains(index) == true {
                page.fetch = .loading(request)
                tickets.append(marked(PageTicket(generation: generation, request: request)))
            } else {
                page.fetch = .idle
            }
            pages[index] = page.isEmpty ? nil : page
        }
        return tickets
    }

    /// Starts walking a sequential list to its end (End on a source that cannot jump):
    /// `ticketsForPages` then asks for the next page whatever the viewport. False (and no
    /// walk) for an addressable list or one already at its end. A walk stops by itself at
    /// the end or on a failure.
    @discardableResult
    public func startWalk() -> Bool {
        guard !isAddressable, sequential.hasMore else { return false }
        isWalking = true
        return true
    }

    /// Stops a walk (Esc); a page in flight still arrives.
    public func stopWalk() { isWalking = false }

    // MARK: Results

    /// Folds one page result in as one batch (see `SparseChange`).
    @discardableResult
    public func apply(_ result: Result<PageContent<Item>, PageFailure>, for ticket: PageTicket) -> SparseChange {
        guard ticket.generation == generation else { return .ignored }
        switch mode {
        case .addressable(let size):
            return applyPage(result, for: ticket, pageSize: size)
        case .awaitingFirstPage:
            if case .success(let content) = result, sequential.state == .loading(ticket.request),
               let addressing, let reported = content.totalCount,
               content.items.count == min(addressing.pageSize, ReportedCount.clamped(reported)) {
                mode = .addressable(pageSize: addressing.pageSize)
                isWalking = false
                total = ReportedCount.clamped(reported)
                pages[0] = Page(slots: nil, fetch: .loading(ticket.request))
                return applyPage(result, for: ticket, pageSize: addressing.pageSize)
            }
            return applySequential(result, for: ticket)
        case .sequential:
            return applySequential(result, for: ticket)
        }
    }

    /// Starts the list over (a new search or filter): everything is dropped, the mode is
    /// decided again by the next first page, and late results of the old generation are
    /// ignored.
    public func reset(firstPage: PageRequest, addressing: PageAddressing?) {
        self.firstPage = firstPage
        self.addressing = addressing
        sequential.reset(firstPage: firstPage)
        mode = .awaitingFirstPage
        total = 0
        pages = PageTable()
        positions = [:]
        isWalking = false
        duplicatesDropped = 0
        staleItems = nil
        revalidates = false
    }

    /// `R`: asks the list again from the top, in a new generation (late answers of the old
    /// one are ignored) whose every request revalidates through the caches — an unchanged
    /// page is a 304 and costs no body.
    ///
    /// What is on screen stays until the new pages replace it. Addressable: the loaded
    /// pages near the viewport are kept, marked stale, and asked for again first; the
    /// others are dropped (asked for when next near). A new total (rows added or removed)
    /// is adopted as the first new page brings it. A row that moved shows at its new index
    /// only: its stale copy becomes a placeholder until its page is refreshed too.
    /// Sequential: the items stay as they are past the new ones, until the new pages reach
    /// them or the list ends short of them.
    public func refresh() {
        revalidates = true
        isWalking = false
        switch mode {
        case .addressable where total == 0:
            // Nothing shown and no page to address: start from the first page again.
            sequential.reset(firstPage: firstPage)
            mode = .awaitingFirstPage
            pages = PageTable()
            positions = [:]
        case .addressable(let size):
            let near = pageWindow(size)?.near
            sequential.reset(firstPage: firstPage)
            for index in Array(pages.keys) {
                guard var page = pages[index] else { continue }
                if page.slots != nil, near?.contains(index) == true {
                    page.fetch = .idle
                    page.refresh = false
                    page.stale = true
                    pages[index] = page
                } else {
                    if let slots = page.slots { release(slots[...], from: index * size) }
                    pages[index] = nil
                }
            }
        case .sequential, .awaitingFirstPage:
            // What is shown now (new items, then any older ones a refresh left), in order.
            let old = staleItems == nil ? sequential.items : (0..<count).compactMap { slot(at: $0).item }
            sequential.reset(firstPage: firstPage)
            staleItems = old.isEmpty ? nil : old
            mode = old.isEmpty ? .awaitingFirstPage : .sequential
        }
    }

    /// `ticket` asking past the caches when this generation revalidates.
    private func marked(_ ticket: PageTicket) -> PageTicket {
        guard revalidates else { return ticket }
        var request = ticket.request
        request.http.revalidate = true
        return PageTicket(generation: ticket.generation, request: request)
    }

    /// Starts the list over at `strategy`'s first page.
    public func reset(strategy: some PageStrategy<Item>) {
        reset(firstPage: strategy.firstPage, addressing: PageAddressing(strategy))
    }

    // MARK: Inside

    private struct Page {
        /// The page's items by offset, nil where an id was already shown elsewhere; nil
        /// when the page is not loaded.
        var slots: [Item?]?
        var fetch: Fetch = .idle
        /// Loaded, but cut short by a total that grew since: asked for once more.
        var refresh = false
        /// Loaded before a `refresh`: shown until its new answer arrives.
        var stale = false

        var isEmpty: Bool { slots == nil && !fetch.isLoading && !fetch.isFailed }
    }

    /// The pages by index, with the indices of the loaded, loading and failed ones kept
    /// beside them, so counting those costs nothing: with 10,000 pages held, scanning the
    /// table for them on every page that arrived cost about 10 ms a page (`make bench`,
    /// `sparse`). Every write goes through the subscript, which keeps the three in step.
    private struct PageTable {
        private var byIndex: [Int: Page] = [:]
        private(set) var loaded = Set<Int>()
        private(set) var loading = Set<Int>()
        private(set) var failed = Set<Int>()
        private(set) var stale = Set<Int>()

        subscript(index: Int) -> Page? {
            get { byIndex[index] }
            set {
                byIndex[index] = newValue
                if newValue?.stale == true && newValue?.slots != nil { stale.insert(index) } else { stale.remove(index) }
                if newValue?.slots != nil { loaded.insert(index) } else { loaded.remove(index) }
                if newValue?.fetch.isLoading == true { loading.insert(index) } else { loading.remove(index) }
                if newValue?.fetch.isFailed == true { failed.insert(index) } else { failed.remove(index) }
            }
        }

        subscript(index: Int, default page: @autoclosure () -> Page) -> Page {
            get { byIndex[index] ?? page() }
            set { self[index] = newValue }
        }

        var keys: Dictionary<Int, Page>.Keys { byIndex.keys }
    }

    private enum Fetch {
        case idle
        case loading(PageRequest)
        case failed(PageFailure, PageRequest, notBefore: ContinuousClock.Instant?)

        var isLoading: Bool { if case .loading = self { true } else { false } }
        var isFailed: Bool { if case .failed = self { true } else { false } }
    }

    private struct Window {
        var visible: Range<Int>
        var before: Int
        var after: Int
    }

    private static func pagesFor(total: Int, size: Int) -> Int {
        total / size + (total % size == 0 ? 0 : 1)
    }

    /// The pages on screen and the pages near it (screen plus margins), for the last
    /// window asked for; nil for an empty list.
    private func pageWindow(_ size: Int) -> (shown: ClosedRange<Int>, near: ClosedRange<Int>)? {
        guard total > 0 else { return nil }
        let last = total - 1
        // No window is wider than `windowPageLimit` pages, on screen or on either side:
        // a caller's viewport or margin of 10¹² items must not make a list of 10¹⁰ pages.
        let span = Self.windowPageLimit * size
        let low = min(max(window.visible.lowerBound, 0), last)
        // `upperBound - 1` saturates: an empty range at Int.min must not trap.
        let high = min(max(window.visible.upperBound, low + 1) - 1, last, low + span - 1)
        let nearLow = (low - min(window.before, low, span)) / size
        let nearHigh = (high + min(window.after, last - high, span)) / size
        return (low / size...high / size, nearLow...nearHigh)
    }

    /// The most pages a window holds on screen, and on each side of it (far more than
    /// any screen and prefetch distance; the bound only keeps absurd viewports cheap).
    static var windowPageLimit: Int { 4096 }

    /// The pages on screen in order, then the margins by distance from the screen.
    private static func fetchOrder(shown: ClosedRange<Int>, near: ClosedRange<Int>, afterFirst: Bool) -> [Int] {
        var order = Array(shown)
        var distance = 1
        while shown.upperBound + distance <= near.upperBound || shown.lowerBound - distance >= near.lowerBound {
            let after = shown.upperBound + distance, before = shown.lowerBound - distance
            for index in afterFirst ? [after, before] : [before, after] where near.contains(index) {
                order.append(index)
            }
            distance += 1
        }
        return order
    }

    private func needsFetch(_ index: Int) -> Bool {
        guard let page = pages[index] else { return true }
        guard case .idle = page.fetch else { return false }
        return page.slots == nil || page.refresh || page.stale
    }

    private func ask(_ index: Int) -> PageTicket? {
        guard let request = addressing?.request(forPage: index), request.index == index else { return nil }
        pages[index, default: Page()].fetch = .loading(request)
        return marked(PageTicket(generation: generation, request: request))
    }

    private func applyPage(_ result: Result<PageContent<Item>, PageFailure>, for ticket: PageTicket, pageSize size: Int) -> SparseChange {
        let index = ticket.request.index
        guard var page = pages[index], case .loading(let asked) = page.fetch, asked == ticket.request else { return .ignored }
        let content: PageContent<Item>
        switch result {
        case .failure(let failure):
            page.fetch = .failed(failure, ticket.request, notBefore: failure.retryWait(cap: maxRetryAfter).map { now() + $0 })
            pages[index] = page
            return .failed(failure)
        case .success(let success):
            content = success
        }
        if let reported = content.totalCount.map(ReportedCount.clamped), reported != total {
            adoptTotal(reported, pageSize: size)
            // A total that ends before this page leaves nothing of it.
            guard let kept = pages[index] else { return .loaded(total..<total) }
            page = kept
        }
        let start = index * size
        let expected = min(size, total - start)
        if let old = page.slots { release(old[...], from: start) }
        page.stale = false
        var slots: [Item?] = []
        slots.reserveCapacity(min(expected, content.items.count))
        for item in content.items.prefix(expected) {
            // After a refresh a row may have moved: the fresh copy wins over a stale one.
            if let at = positions[item.id], pages.stale.contains(at / size), at / size != index {
                pages[at / size]?.slots?[at % size] = nil
                positions[item.id] = nil
            }
            if positions[item.id] == nil {
                positions[item.id] = start + slots.count
                slots.append(item)
            } else {
                duplicatesDropped += 1
                slots.append(nil)
            }
        }
        page.slots = slots
        page.fetch = .idle
        page.refresh = false
        pages[index] = page
        evictIfNeeded(pageSize: size)
        return .loaded(start..<start + expected)
    }

    private func applySequential(_ result: Result<PageContent<Item>, PageFailure>, for ticket: PageTicket) -> SparseChange {
        let change = sequential.apply(result, for: ticket)
        if sequential.state != .idle { isWalking = false }
        switch change {
        case .inserted(let range):
            mode = .sequential
            if let stale = staleItems {
                // Refreshing: these indices were shown already; the old tail goes once the
                // new pages reach it or the list ends.
                if sequential.count >= stale.count || !sequential.hasMore { staleItems = nil }
                return .loaded(0..<count)
            }
            return .appended(range)
        case .failed(let failure):
            return .failed(failure)
        case .ignored:
            return .ignored
        }
    }

    /// A live server's new total: pages past the new end go, the new last page is cut to
    /// it, and after a growth a page left short is asked for once more.
    private func adoptTotal(_ newTotal: Int, pageSize size: Int) {
        let grew = newTotal > total
        total = newTotal
        let count = Self.pagesFor(total: total, size: size)
        for index in Array(pages.keys) where index >= count {
            if let slots = pages[index]?.slots { release(slots[...], from: index * size) }
            pages[index] = nil
        }
        for index in Array(pages.keys) {
            guard var page = pages[index], let slots = page.slots else { continue }
            let expected = min(size, total - index * size)
            if slots.count > expected {
                release(slots[expected...], from: index * size)
                page.slots = Array(slots.prefix(expected))
            } else if grew, slots.count < expected {
                page.refresh = true
            }
            pages[index] = page
        }
    }

    /// Forgets where the ids of `slots` (a slice of the page starting at index `start`)
    /// are shown.
    private func release(_ slots: ArraySlice<Item?>, from start: Int) {
        for (offset, item) in zip(slots.indices, slots) {
            guard let item else { continue }
            if positions[item.id] == start + offset { positions[item.id] = nil }
        }
    }

    private func evictIfNeeded(pageSize size: Int) {
        guard pages.loaded.count > maxPages, let around = pageWindow(size) else { return }
        for index in PageEviction.pagesToDrop(loaded: pages.loaded, maxPages: maxPages, viewport: around.shown, keep: around.near) {
            guard var page = pages[index], let slots = page.slots else { continue }
            release(slots[...], from: index * size)
            page.slots = nil
            page.refresh = false
            page.stale = false
            pages[index] = page.isEmpty ? nil : page
        }
    }
}
