import Foundation
import PortalCore
import PortalImage

/// The whole browser: one tab per list of the source, each with its grid, search, filters
/// and trail of detail panes; the search prompt, the filter form and the help overlay.
///
/// Every event — a key, a resize, a result — goes through `update`, which changes state
/// and returns the I/O it wants as `Effect` values; it performs none itself. An
/// interpreter outside PortalUI runs them and answers with messages, each stamped with the
/// list or pane that asked, and `update` drops what no longer belongs on screen.
///
/// Selection still travels the original app's delegate chain: grid view model → (delegate)
/// item list view → (delegate) this controller, which opens the pane.
@MainActor
public final class ScreenController: App, ItemListViewDelegate {
    public let source: any Source
    public let sourceLabel: String
    public private(set) var tabs: [TabState] = []
    public private(set) var activeTab = 0
    public private(set) var search = SearchPrompt()
    public private(set) var form = FilterForm()
    public private(set) var showsHelp = false
    public private(set) var helpScroll = 0
    public private(set) var size = Size(columns: 80, rows: 24)
    public private(set) var needsRedraw = true
    /// Page requests asked for, all tabs together (the spinner advances with it).
    public private(set) var pageRequestCount = 0
    // MARK: pictures (issue 19) — state for the planning step's picture requests
    /// How pictures are drawn (`--pictures`, after `auto` asked the terminal); `.off` asks
    /// for none. The terminal turns `auto` off when there is no colour (`NO_COLOR`).
    public let pictureMode: PictureMode
    /// `p`: whether cards show pictures (the pane always does, unless `pictureMode` is off).
    public private(set) var cardPictures = true
    /// The pictures asked for and arrived, by their item's ticket.
    public let pictures = PictureStore()
    /// The palette of the screen last drawn on, for picture renderings asked for ahead.
    var symbolPalette: PictureRenderer.Palette?

    private let now: @Sendable () -> ContinuousClock.Instant
    /// The wall clock, for "cached 3 h ago" (a cached answer's age is a date).
    private let today: @Sendable () -> Date
    /// How far beyond the viewport pages are asked for, from the measured scroll speed and
    /// round trip (timestamps from `now`, never read in a view).
    public private(set) var prefetch = PrefetchDistance()
    /// When each page request in flight went out, for the round trip.
    private var sentAt: [PageRequest: ContinuousClock.Instant] = [:]
    /// Digits typed before `G`.
    public private(set) var count = CountPrefix()
    /// The tab shown before a count's first digit switched tabs; a count takes it back.
    private var tabBeforeCount: Int?
    /// Set while a key is performed: the grid moves first, the scroll is measured, then
    /// the pages near the new viewport are asked for once.
    private var holdsPageRequests = false
    private var lastPaneToken = 0
    private(set) var started = false  // read by the picture planning (pictures)
    /// Effects asked for during the current `update`.
    private var pending: [Effect] = []

    /// - Parameters:
    ///   - initialTab: the tab shown first (its first page is the only request at start).
    ///   - initialFilters: filters for the initial tab's list, e.g. from `--status dead`.
    ///   - maxPages: loaded pages each tab keeps (`--max-pages`); the farthest from the
    ///     viewport are dropped first and asked for again when the user comes back.
    public init(
        source: any Source, sourceLabel: String, initialTab: Int = 0, initialFilters: [(String, String)] = [],
        pictures: PictureMode = .symbols, maxPages: Int = SparseList<Item>.defaultMaxPages,
        now: @escaping @Sendable () -> ContinuousClock.Instant = { .now },
        today: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.today = today
        self.source = source
        self.sourceLabel = sourceLabel
        self.pictureMode = pictures
        self.now = now
        for (index, spec) in source.tabs.enumerated() {
            let query = ListQuery(kind: spec.kind, filters: index == initialTab ? initialFilters : [])
            let tab = TabState(index: index, spec: spec, query: query, firstPage: source.firstPage(for: query),
                               addressing: PageAddressing(source: source, query: query), maxPages: maxPages, now: now)
            tab.listView.delegate = self
            tabs.append(tab)
        }
        activeTab = min(max(0, initialTab), max(0, tabs.count - 1))
    }

    // MARK: The active tab

    public var tab: TabState { tabs[activeTab] }
    public var list: SparseList<Item> { tab.list }
    public var listView: ItemListView { tab.listView }
    public var grid: GridViewModel { tab.grid }
    /// The pane on screen in the active tab, if any.
    public var pane: DetailPane? { tab.pane }

    public var layout: Layout { Layout(size: size, detailOpen: pane != nil) }

    /// Which bindings of the command table apply now.
    public var context: CommandContext {
        if showsHelp { return .help }
        if search.isActive { return .search }
        if form.isActive { return .filters }
        return pane == nil ? .grid : .detail
    }

    // MARK: Update

    public func update(_ event: AppEvent) -> [Effect] {
        switch event {
        case .start(let size):
            started = true
            self.size = size
            showTab(activeTab)
        case .resize(let size):
            self.size = size
            relayout()
        case .key(let key):
            handle(key)
        case .message(let message):
            receive(message)
        }
        // Every event may change what is drawn.
        needsRedraw = true
        planPictures()  // pictures: the picture half of the planning step
        defer { pending = [] }
        return pending
    }

    func emit(_ effect: Effect) {  // internal: the picture planning emits too (pictures)
        pending.append(effect)
    }

    // MARK: Keys

    private func handle(_ key: KeyInput) {
        let context = self.context
        if context == .grid {
            if takeCount(key) { return }
        } else {
            count.clear()
            tabBeforeCount = nil
        }
        guard let command = CommandTable.command(for: key, in: context) else {
            if case .character(let c) = key {
                if context == .search { search.type(c) }
                if context == .filters { form.type(c) }
            }
            return
        }
        moving(jumped: command == .first || command == .last) { perform(command) }
    }

    /// Runs a key's action with page requests held until it is done, tells the prefetch
    /// distance where the viewport went, then asks for the pages near it: after every
    /// key (a search or filter applied from its prompt starts the list over, and asks for
    /// its first page here).
    private func moving(jumped: Bool, _ action: () -> Void) {
        let row = grid.offsetRows
        holdsPageRequests = true
        action()
        holdsPageRequests = false
        measureScroll(from: row, jumped: jumped)
        grid.checkLoadMore()
    }

    /// Feeds `key` to the count prefix; true when the key was taken (a digit after the
    /// first, or the `G` ending a count). A count's first digit also acts as usual (it is
    /// a tab key); a second digit or `G` takes that tab switch back.
    private func takeCount(_ key: KeyInput) -> Bool {
        switch count.feed(key) {
        case .pending(let value):
            if value < 10 {
                tabBeforeCount = activeTab
                return false
            }
            restoreTabBeforeCount()
            return true
        case .jump(let item):
            restoreTabBeforeCount()
            moving(jumped: true) { goToCard(item) }
            return true
        case .cancel, .notACount:
            tabBeforeCount = nil
            return false
        }
    }

    private func restoreTabBeforeCount() {
        if let before = tabBeforeCount, before != activeTab { showTab(before) }
        tabBeforeCount = nil
    }

    /// `NG`: card N (from 1). A list that cannot jump goes as far as it has loaded.
    private func goToCard(_ item: Int) {
        grid.select(item - 1)
    }

    /// Tells the prefetch distance where the viewport went: a scroll measures speed and
    /// direction, a jump (Home, End, `NG`) starts from rest.
    private func measureScroll(from row: Int, jumped: Bool) {
        if jumped {
            prefetch.jumped(toRow: grid.offsetRows, at: now())
        } else if grid.offsetRows != row {
            prefetch.scrolled(toRow: grid.offsetRows, at: now())
        }
    }

    private func perform(_ command: Command) {
        let rows = layout.detail.height - paneChromeRows
        switch command {
        case .moveUp: grid.move(.up)
        case .moveDown: grid.move(.down)
        case .moveLeft: grid.move(.left)
        case .moveRight: grid.move(.right)
        case .pageUp: grid.move(.pageUp)
        case .pageDown: grid.move(.pageDown)
        case .halfPageUp: grid.move(.halfPageUp)
        case .halfPageDown: grid.move(.halfPageDown)
        case .first: grid.move(.first)
        case .last:
            tab.list.startWalk()
            grid.move(.last)
        case .goToCard: break  // a count's G, taken before the table
        case .stopWalk:
            tab.list.stopWalk()
            grid.stopFollowingEnd()
        case .wheelUp: grid.move(.wheelUp)
        case .wheelDown: grid.move(.wheelDown)
        case .open: grid.activate()
        case .search:
            if tab.spec.searchKey != nil { search.begin() }
        case .filter: form.begin(tab.spec, query: tab.query)
        case .retry: retryPage(tab)
        case .togglePictures:
            cardPictures.toggle()
            relayout()
        case .quit, .forceQuit: emit(.quit)
        case .suspend: break  // the terminal suspends itself before a key reaches the app
        case .tab1, .tab2, .tab3, .tab4, .tab5, .tab6, .tab7, .tab8, .tab9:
            if let index = command.tabIndex, index < tabs.count { showTab(index) }
        case .nextTab: showTab((activeTab + 1) % tabs.count)
        case .previousTab: showTab((activeTab + tabs.count - 1) % tabs.count)
        case .linkDown: pane?.linkDown(viewRows: rows)
        case .linkUp: pane?.linkUp(viewRows: rows)
        case .followLink: followLink()
        case .detailPageDown: pane?.scroll(by: max(1, rows - 1), viewRows: rows)
        case .detailPageUp: pane?.scroll(by: -max(1, rows - 1), viewRows: rows)
        case .detailTop: pane?.scroll(toEnd: false, viewRows: rows)
        case .detailBottom: pane?.scroll(toEnd: true, viewRows: rows)
        case .detailRetry: retryPane()
        case .back: back()
        case .closeDetail: closePanes()
        case .submit, .cancel, .deleteCharacter, .clearText:
            if context == .search {
                if case .submitted(let text) = search.perform(command), let key = tab.spec.searchKey {
                    var query = tab.query
                    query.set(key, text)
                    apply(query)
                }
            } else {
                applyForm(form.perform(command))
            }
        case .nextField, .previousField, .nextChoice, .previousChoice, .clearFilters:
            applyForm(form.perform(command))
        case .toggleHelp:
            showsHelp.toggle()
            helpScroll = 0
        case .closeHelp: showsHelp = false
        case .scrollHelpDown: helpScroll += max(1, size.rows / 2)
        case .scrollHelpUp: helpScroll = max(0, helpScroll - max(1, size.rows / 2))
        }
    }

    private func applyForm(_ outcome: FilterForm.Outcome) {
        guard case .applied(let values) = outcome else { return }
        var query = tab.query
        for spec in tab.spec.filters { query.set(spec.key, values[spec.key] ?? "") }
        if query != tab.query { apply(query) }
    }

    // MARK: Tabs and lists

    /// Shows tab `index`; a tab shown for the first time asks for its first page now.
    private func showTab(_ index: Int) {
        activeTab = index
        tabs[index].isStarted = true
        relayout()
        prefetch.jumped(toRow: grid.offsetRows, at: now())
        grid.checkLoadMore()
    }

    /// Starts the active tab's list over for `query`: a new generation, so every late
    /// page and every pane of the old one is dropped.
    private func apply(_ query: ListQuery) {
        closePanes()
        tab.reset(to: query, firstPage: source.firstPage(for: query), addressing: PageAddressing(source: source, query: query))
        relayout()
        prefetch.jumped(toRow: 0, at: now())
        grid.checkLoadMore()
    }

    /// `r` on a failed page: asks again, unless the server's `Retry-After` has not passed,
    /// in which case the status line says how long to wait instead of doing nothing.
    private func retryPage(_ tab: TabState) {
        let tickets = tab.list.retry()
        if !tickets.isEmpty {
            tab.retryRefusal = nil
            for ticket in tickets { launch(ticket, for: tab) }
        } else if tab.list.failure != nil, let notBefore = tab.list.retryNotBefore {
            let left = notBefore - now()
            let seconds = max(1, Int(left.components.seconds) + (left.components.attoseconds > 0 ? 1 : 0))
            tab.retryRefusal = "the server asked to wait; r again in \(seconds) s"
        }
    }

    private func launch(_ ticket: PageTicket, for tab: TabState) {
        pageRequestCount += 1
        sentAt[ticket.request] = now()
        tab.retryNote = nil
        emit(.fetchPage(tab.address, ticket, tab.query))
    }

    /// Asks for the pages near `tab`'s viewport: the pages on screen, and beyond its
    /// leading edge the prefetch distance (at least a page; the rows two round trips
    /// cover at the current scroll speed when more). Leading is the way the user last
    /// scrolled, or the only way there is at either end of the list, so End asks for the
    /// pages it shows and the one above. The list hands out each page once, never while
    /// in flight.
    private func requestPages(_ tab: TabState) {
        let grid = tab.grid
        let columns = grid.columns
        let perPage = tab.list.addressing?.pageSize ?? (tab.list.pagesLoaded > 0 ? tab.list.count / tab.list.pagesLoaded : columns)
        let pageRows = max(1, (perPage + columns - 1) / columns)
        let (ahead, overflow) = prefetch.rowsBeyond(viewportRows: grid.viewportRows, pageRows: pageRows, at: now())
            .multipliedReportingOverflow(by: columns)
        let leading = overflow ? Int.max / 2 : ahead
        let atEnd = grid.offsetRows > 0 && grid.offsetRows >= grid.maxOffsetRows
        let down = grid.offsetRows == 0 || (prefetch.direction == .down && !atEnd)
        let tickets = tab.list.ticketsForPages(near: grid.visibleRange, before: down ? 0 : leading, after: down ? leading : 0)
        for ticket in tickets { launch(ticket, for: tab) }
    }

    // MARK: ItemListViewDelegate

    public func itemListViewNeedsMore(_ view: ItemListView) {
        let tab = tabs[view.tab]
        guard tab.isStarted, !holdsPageRequests else { return }
        requestPages(tab)
    }

    public func itemListView(_ view: ItemListView, didOpen item: Item) {
        let tab = tabs[view.tab]
        closePanes(in: tab)
        let pane = newPane(in: tab, subject: .loaded(item))
        tab.panes = [pane]
        relayout()
        load(pane, showing: item)
    }

    // MARK: Panes

    private func newPane(in tab: TabState, subject: DetailPane.Subject) -> DetailPane {
        lastPaneToken += 1
        return DetailPane(address: PaneAddress(tab: tab.index, generation: tab.list.generation, token: lastPaneToken), subject: subject)
    }

    /// Shows `item` in `pane` and asks for what it points at (one multi-id request) and
    /// its picture. An item that points at nothing asks for nothing.
    private func load(_ pane: DetailPane, showing item: Item) {
        pane.show(item)
        // A list entry (a Pokémon from a page) shows at once; its detail is asked for.
        if !item.isComplete { emit(.fetchItems(pane.address, .subject, item.kind, ids: [item.rawID])) }
        if let related = item.detail.related, !related.ids.isEmpty {
            emit(.fetchItems(pane.address, .related, related.kind, ids: related.ids))
        }
    }

    /// Enter on a link: a new pane for its target on top of the trail.
    private func followLink() {
        guard let current = pane, let target = current.highlightedTarget else { return }
        let next = newPane(in: tab, subject: .loading(target))
        tab.panes.append(next)
        emit(.fetchItems(next.address, .subject, target.kind, ids: [target.id]))
    }

    /// Esc: one step back along the trail; the first pane closes.
    private func back() {
        guard let last = tab.panes.popLast() else { return }
        emit(.cancel(last.address))
        if tab.panes.isEmpty { relayout() } else { pane?.clampScroll(viewRows: layout.detail.height - paneChromeRows) }
    }

    private func closePanes(in tab: TabState? = nil) {
        let tab = tab ?? self.tab
        guard !tab.panes.isEmpty else { return }
        for pane in tab.panes { emit(.cancel(pane.address)) }
        tab.panes = []
        relayout()
    }

    /// `r` in a pane: asks again for what failed (the item, or its related list).
    private func retryPane() {
        guard let pane else { return }
        switch pane.subject {
        case .failed(let key, _):
            let fresh = newPane(in: tab, subject: .loading(key))
            tab.panes[tab.panes.count - 1] = fresh
            emit(.cancel(pane.address))
            emit(.fetchItems(fresh.address, .subject, key.kind, ids: [key.id]))
        case .loaded(let item):
            if case .failed = pane.related, let related = item.detail.related {
                pane.setRelated(.loading)
                emit(.fetchItems(pane.address, .related, related.kind, ids: related.ids))
            }
        case .loading:
            break
        }
    }

    /// Rows of the pane taken by the breadcrumb (none for a single pane).
    private var paneChromeRows: Int { tab.panes.count > 1 ? 1 : 0 }

    // MARK: Results

    private func receive(_ message: AppMessage) {
        switch message {
        case .pageRetrying(let list, let ticket, let attempt, let failure, _):
            // Only for the page in flight now; a late note for a reset list is dropped.
            guard let tab = tab(at: list), tab.list.isInFlight(ticket.request) else { return }
            // A `PageFailure` message is sanitised when it is made.
            tab.retryNote = "retrying… (attempt \(attempt + 1): \(failure.message))"
        case .page(let list, let ticket, let result):
            guard list.tab < tabs.count else { return }
            let tab = tabs[list.tab]
            if let sent = sentAt.removeValue(forKey: ticket.request) { prefetch.roundTrip(from: sent, to: now()) }
            if ticket.generation == tab.list.generation {
                tab.retryNote = nil
                tab.retryRefusal = nil
                if case .success(let page) = result {
                    tab.offlineNote = page.cache.flatMap { $0.isOffline ? $0.label(now: today()) : nil }
                }
            }
            // The grid takes the new count and asks for the pages near its viewport.
            tab.listView.apply(tab.list.apply(result, for: ticket))
        case .items(let address, let purpose, let result):
            guard let tab = tab(at: address), let pane = tab.pane(at: address) else { return }
            switch (purpose, result) {
            case (.subject, .success(let items)):
                if let item = items.first(where: { $0.id == pane.key }) {
                    load(pane, showing: item)
                    complete(item)
                } else {
                    pane.failSubject("\(pane.key.kind.rawValue) \(pane.key.id) not found")
                }
            case (.subject, .failure(let failure)):
                pane.failSubject(failure.message)
            case (.related, .success(let items)):
                // In the subject's own order; ids the server did not know are skipped, as
                // the API itself skips them.
                let byID = Dictionary(items.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
                let kind = pane.content?.related?.kind
                let ordered = pane.content?.related?.ids.compactMap { id in kind.flatMap { byID[ItemKey($0, id)] } } ?? []
                pane.setRelated(.loaded(ordered))
            case (.related, .failure(let failure)):
                pane.setRelated(.failed(failure.message))
            }
            pane.clampScroll(viewRows: layout.detail.height - paneChromeRows)
        case .picture(let ticket, let outcome, let rendered):
            // Kept under its own item only while still asked for; counts, order and the
            // selection are untouched (the next frame redraws the card that shows it).
            pictures.receive(ticket, outcome, rendered: rendered)
        }
    }

    /// A list entry whose detail has arrived (a Pokémon: the list names it only) shows
    /// the detail on its card too, in every list that has it.
    private func complete(_ item: Item) {
        guard item.isComplete else { return }
        for tab in tabs {
            guard let index = tab.list.index(ofID: item.id), tab.list.item(at: index)?.isComplete == false else { continue }
            tab.list.replace(item)
        }
    }

    /// The tab a list result belongs to, if its generation is still the tab's.
    private func tab(at list: ListAddress) -> TabState? {
        guard list.tab < tabs.count, tabs[list.tab].list.generation == list.generation else { return nil }
        return tabs[list.tab]
    }

    /// The tab a pane result belongs to, if the pane's list generation is still the tab's.
    private func tab(at pane: PaneAddress) -> TabState? {
        tab(at: ListAddress(tab: pane.tab, generation: pane.generation))
    }

    // MARK: Layout

    /// Gives the active grid its rectangle for the current size and pane.
    private func relayout() {
        guard started else { return }
        let layout = self.layout
        grid.setCardHeight(cardsShowPictures(tab, in: layout) ? CardView.pictureCardHeight : GridViewModel.defaultCardHeight)
        if !layout.isTooSmall { grid.resize(width: layout.grid.width, height: layout.grid.height) }
        pane?.clampScroll(viewRows: layout.detail.height - paneChromeRows)
    }

    // MARK: Drawing

    /// Draws the whole frame (clear, draw, flush) and clears `needsRedraw`.
    public func render(into screen: any Screen) {
        needsRedraw = false
        symbolPalette = PictureView.palette(for: screen)  // pictures: rendered off the UI thread in it
        screen.clear()
        ScreenView.draw(self, into: screen)
        screen.flush()
    }

    public var listStatus: ListStatus {
        let list = tab.list
        let phase: ListStatus.Phase
        let failure = list.failure
        if let failure, failure.kind == .transport(.notInCache) {
            phase = .notCached
        } else if let failure {
            // The refusal first: it is what the user just asked about, and the line may be cut.
            phase = .failed((tab.retryRefusal.map { $0 + " · " } ?? "") + failure.message)
        } else if list.pagesInFlight > 0 {
            let spinner = pageRequestCount - 1
            phase = tab.retryNote.map { .retrying($0) } ?? (list.isWalking ? .walking(spinner: spinner, soFar: list.count) : .loading(spinner: spinner))
        } else {
            phase = list.isComplete ? .exhausted : .idle
        }
        guard let pageSize = list.addressing?.pageSize, list.isAddressable else {
            return ListStatus(loaded: list.count, total: list.totalCount, pages: list.pagesLoaded, phase: phase, note: tab.offlineNote)
        }
        // Where the selection is in the whole list, and on which page.
        let selected = grid.selection ?? 0
        return ListStatus(loaded: list.count, total: list.totalCount, pages: selected / pageSize + 1, phase: phase,
                          position: grid.selection.map { $0 + 1 } ?? 0, note: tab.offlineNote)
    }

    public var gridNote: GridNote {
        let list = tab.list
        if list.count > 0 {
            // Placeholders say "loading…" in an addressable list; a list that walks says
            // "loading more…" below its last card.
            return !list.isAddressable && list.pagesInFlight > 0 ? .loading : .none
        }
        if let failure = list.failure { return .failed(failure.message) }
        if list.isComplete {
            let what = tab.spec.title.lowercased()
            return .empty(tab.query.filters.isEmpty ? "no \(what)" : "no \(what) match " + FilterSummary.text(tab.query, spec: tab.spec))
        }
        return list.pagesInFlight > 0 ? .loading : .none
    }

    /// Commands that do nothing for this source or tab (no second tab, no name search, no
    /// server filters): the footer does not offer them.
    public var unavailableCommands: Set<Command> {
        var out: Set<Command> = []
        if tabs.count < 2 { out.formUnion([.tab1, .nextTab, .previousTab]) }
        if tab.spec.searchKey == nil { out.insert(.search) }
        if tab.spec.filters.isEmpty { out.insert(.filter) }
        return out
    }

    /// The trail of the active tab's panes, for the breadcrumb.
    public var breadcrumb: [String] { tab.panes.map(\.crumb) }
}
