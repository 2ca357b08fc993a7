import Foundation
import PortalCore
import PortalImage

/// The whole browser: one tab per list of the source, each with its grid, search, filters
/// and trail of detail panes; the search and go-to prompts, the filter form and the help
/// overlay.
///
/// Every event — a key, a resize, a result — goes through `update`, in a straight line,
/// a batch at a time (what waited at one wake-up of the terminal loop): each event changes
/// state (a key through the command table, `perform`; a result through `receive`), then
/// one planning step (`ScreenPlanner.plan`) reads the new state and returns what the screen
/// needs as values, and `apply` (+Plan) marks them and makes the effects. That is the only
/// place fetches are made; nothing here performs I/O, and `render` changes nothing. An interpreter outside PortalUI runs the effects and answers with messages, each
/// stamped with the list or pane that asked, and `receive` drops what no longer belongs
/// on screen.
///
/// The jobs live apart: the command table and `perform` (+Commands) route keys, the
/// planner decides fetches, each tab's `PaneTrail` keeps its panes, `receive` (+Results)
/// routes results, `StatusText` says what is happening, `Layout` places it all.
///
/// Selection travels the original app's delegate chain, on purpose and for nothing else:
/// grid view model → (delegate) item list view → (delegate) this controller, which opens
/// the pane.
@MainActor
public final class ScreenController: App, ItemListViewDelegate {
    public typealias Instant = ContinuousClock.Instant

    public let source: any Source
    public let sourceLabel: String
    public private(set) var tabs: [TabState] = []
    public internal(set) var activeTab = 0
    public internal(set) var search = SearchPrompt()
    public internal(set) var goTo = GoToPrompt()
    public internal(set) var form = FilterForm()
    public internal(set) var showsHelp = false
    public internal(set) var helpScroll = 0
    public private(set) var size = Size(columns: 80, rows: 24)
    public private(set) var needsRedraw = true
    /// How pictures are drawn (`--pictures`, after `auto` asked the terminal); `.off` asks
    /// for none. The terminal turns `auto` off when there is no colour (`NO_COLOR`).
    /// The terminal's answer may switch it once (`AppEvent.pictures`).
    public internal(set) var pictureMode: PictureMode
    /// `p`: whether cards show pictures (the pane always does, unless `pictureMode` is off).
    public internal(set) var cardPictures = true
    /// The pictures asked for and arrived, by their item's ticket.
    public let pictures = PictureStore()
    /// `--fields`: the table's columns (nil: each resource's own choice).
    public let tableFields: [String]?
    /// How this source's server is asked to sort (`s`), nil when it cannot.
    public let sortStyle: SortStyle?
    /// The palette of the screen last drawn on, for picture renderings asked for ahead;
    /// nil before the first frame, or on a screen of fewer than 256 colours.
    var symbolPalette: PictureRenderer.Palette?
    /// Whether a frame was drawn (so a nil `symbolPalette` means "no colour for symbols").
    var screenDrawn = false
    /// A frame found a palette that changes what cards show: the next update lays out and
    /// plans for it (a frame itself changes neither).
    private var planOwed = false

    /// The one place fetches are decided.
    lazy var planner = ScreenPlanner(today: today)
    /// The monotonic clock (scroll speed, round trips, `Retry-After`), read once per use.
    let now: @Sendable () -> Instant
    /// The wall clock, for "cached 3 h ago" (a cached answer's age is a date).
    let today: @Sendable () -> Date
    private var lastPaneToken = 0
    private(set) var started = false
    /// Effects of the events being handled that are not fetches (cancels, quit).
    private var pending: [Effect] = []
    /// Tabs other than the active one that an event of this batch changed (a page or a
    /// pane's answer arrived for them, `r`): planned with the active one. Every other tab
    /// has nothing new to ask for.
    var touchedTabs: Set<Int> = []
    /// What `y` / `Y` / `o` / `w` said, on the status line until the next key (Clipboard/).
    var notice: String?
    /// `--watch` / `w`: the timer and the look in flight; each tab's marks (Watch/).
    var watch = ListWatch()
    var marks: [Int: ListMarks] = [:]
    /// `|` in a pane: the jq prompt and its last result (JQ/).
    var paneFilter = PaneFilter()

    /// - Parameters:
    ///   - initialTab: the tab shown first (its first page is the only request at start).
    ///   - initialFilters: filters for the initial tab's list, e.g. from `--status dead`.
    ///   - maxPages: loaded pages each tab keeps (`--max-pages`); the farthest from the
    ///     viewport are dropped first and asked for again when the user comes back.
    ///   - clock: the monotonic clock; `today` the wall clock.
    ///   - tableFields: the table's columns (`--fields`); nil for each resource's own.
    ///   - sortStyle: how a `--url` list's server sorts (`--sort-style`); nil to detect it.
    public init<C: Clock>(
        source: any Source, sourceLabel: String, initialTab: Int = 0, initialFilters: [(String, String)] = [],
        pictures: PictureMode = .symbols, maxPages: Int = SparseList<Item>.defaultMaxPages,
        clock: C = ContinuousClock(), today: @escaping @Sendable () -> Date = { Date() },
        tableFields: [String]? = nil, sortStyle: SortStyle? = nil
    ) where C.Instant == ContinuousClock.Instant {
        self.today = today
        self.tableFields = tableFields
        self.sortStyle = SortStyle.style(for: source, given: sortStyle)
        self.source = source
        self.sourceLabel = sourceLabel
        self.pictureMode = pictures
        let now: @Sendable () -> Instant = { clock.now }
        self.now = now
        for (index, spec) in source.tabs.enumerated() {
            let query = ListQuery(kind: spec.kind, filters: index == initialTab ? initialFilters : [])
            let tab = TabState(index: index, spec: spec, query: query, firstPage: source.firstPage(for: query),
                               addressing: PageAddressing(source: source, query: query), maxPages: maxPages, clock: clock)
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
    /// Page requests asked for, all tabs together (the spinner advances with it).
    public var pageRequestCount: Int { planner.pageRequestCount }
    public var prefetch: PrefetchDistance { planner.prefetch }

    public var layout: Layout { Layout(size: size, detailOpen: pane != nil) }

    /// Which bindings of the command table apply now.
    public var context: CommandContext {
        if showsHelp { return .help }
        if search.isActive { return .search }
        if goTo.isActive { return .goTo }
        if form.isActive { return .filters }
        if paneFilterShown { return .paneFilter }
        return pane == nil ? .grid : .detail
    }

    // MARK: Update

    /// One event: the same as a batch of one.
    public func update(_ event: AppEvent) -> [Effect] {
        update([event])
    }

    /// Every event that waited at one wake-up of the loop, in order, then one planning
    /// step: the effects the events made (cancels, quit) and the plan's, applied once.
    /// A list page's answer is the exception: it can move the list's end or total, and
    /// what the list asks next is planned at once, as if it had come alone (an end search
    /// must not see two answers before its next probe; pictures, keys and panes' answers
    /// are what arrives in bursts).
    public func update(_ events: [AppEvent]) -> [Effect] {
        if let quiet = quietLiveBatch(events) { return quiet }  // changes far off screen draw nothing (Live/)
        var effects: [Effect] = []
        for (position, event) in events.enumerated() {
            handle(event)
            if position < events.count - 1, case .message(.page) = event { effects += planStep() }
        }
        return effects + planStep()
    }

    /// After the events: the layout follows, then the one planning step, applied.
    private func planStep() -> [Effect] {
        // Every event may change what is drawn; then the one planning step.
        followCardHeight()
        verifySort()
        followTable()
        pane?.setTextWidth(paneTextWidth)
        needsRedraw = true
        planOwed = false
        let made = pending
        pending = []
        let planned = tabs.filter { $0.index == activeTab || touchedTabs.contains($0.index) }
        touchedTabs = []
        return made + apply(planner.plan(planned, active: activeTab, pictures: pictureNeeds, at: now()))
    }

    /// What one event changes (a key through the command table, a result through `receive`).
    private func handle(_ event: AppEvent) {
        switch event {
        case .start(let size):
            started = true
            self.size = size
            showTab(activeTab)
        case .resize(let size):
            self.size = size
            relayout()
        case .key(let key):
            // Where the viewport went feeds the prefetch distance: a scroll measures speed
            // and direction, a jump starts from rest.
            let row = grid.offsetRows
            tab.sortNote = nil  // what the last s / S found lasts until the next key
            let jumped = handle(key)
            planner.viewportMoved(from: row, to: grid.offsetRows, jumped: jumped, at: now())
        case .message(let message):
            receive(message)
        case .pictures(let mode):
            pictureMode = mode
        }
    }

    func emit(_ effects: [Effect]) {
        pending += effects
    }

    /// Routes a key through the command table for the current context; true when the
    /// key jumped the viewport (Home, End, `:N`, a tab switch, a new search).
    private func handle(_ key: KeyInput) -> Bool {
        guard let command = CommandTable.command(for: key, in: context) else { return false }
        return perform(command, key: key)
    }

    // MARK: Tabs and lists

    /// Shows tab `index`; a tab shown for the first time has its first page planned now.
    func showTab(_ index: Int) {
        guard tabs.indices.contains(index) else { return }
        activeTab = index
        tabs[index].isStarted = true
        relayout()
    }

    /// Starts the active tab's list over for `query`: a new generation, so every late
    /// page and every pane of the old one is dropped.
    func apply(_ query: ListQuery) {
        emit(tab.trail.closeAll())
        tab.reset(to: query, firstPage: source.firstPage(for: query), addressing: PageAddressing(source: source, query: query))
        relayout()
    }

    // MARK: ItemListViewDelegate

    public func itemListView(_ view: ItemListView, didOpen item: Item) {
        let tab = tabs[view.tab]
        emit(tab.trail.open(item, at: newPaneAddress(in: tab)))
        relayout()
    }

    // MARK: Panes

    func newPaneAddress(in tab: TabState) -> PaneAddress {
        lastPaneToken += 1
        return PaneAddress(tab: tab.index, generation: tab.list.generation, token: lastPaneToken)
    }

    /// Rows of the pane taken by the breadcrumb (none for a single pane).
    var paneChromeRows: Int { tab.panes.count > 1 ? 1 : 0 }

    /// Rows the pane's content has on screen.
    var paneRows: Int { layout.detail.height - paneChromeRows }

    /// Columns the pane's text has on screen (long values wrap to it).
    var paneTextWidth: Int { DetailView.textWidth(of: layout.detail, beside: layout.isSideBySide) }

    // MARK: Layout

    /// Gives the active grid its rectangle for the current size and pane.
    func relayout() {
        guard started else { return }
        let layout = self.layout
        if !layout.isTooSmall {
            // The table's rows are the grid's cards, one column of them one row high.
            let rows = tab.table.isShown ? tableRows(in: layout) : (width: layout.grid.width, height: layout.grid.height)
            grid.state.resize(width: rows.width, height: rows.height, cardHeight: cardHeight(in: layout), singleColumn: tab.table.isShown)
        }
        pane?.clampScroll(viewRows: paneRows)
    }

    /// Rows a card takes: cards grow to fit a picture when they show one.
    func cardHeight(in layout: Layout) -> Int {
        if tab.table.isShown { return 1 }
        return cardsShowPictures(tab, in: layout) ? CardView.pictureCardHeight : GridState.defaultCardHeight
    }

    /// Lays the grid out again when its cards changed height since: a table learns that
    /// its rows have pictures only when they arrive, after the tab was laid out.
    private func followCardHeight() {
        let layout = self.layout
        guard started, !layout.isTooSmall, cardHeight(in: layout) != grid.state.cardHeight else { return }
        relayout()
    }

    // MARK: Drawing

    /// Draws the whole frame (clear, draw, flush) and clears `needsRedraw`. It lays out
    /// nothing and asks for nothing: it only notes the screen's palette (symbols are
    /// rendered off the UI thread in it). When that palette changes what cards show (a
    /// screen that cannot draw symbols gives cards their text height back), `needsRedraw`
    /// stays set: the next update, which the loop runs at once, lays out and plans for it.
    public func render(into screen: any Screen) {
        let undrawable = symbolsUndrawable
        symbolPalette = PictureView.palette(for: screen)
        screenDrawn = true
        if symbolsUndrawable != undrawable { planOwed = true }
        needsRedraw = planOwed
        screen.clear()
        ScreenView.draw(self, into: screen)
        screen.flush()
    }
}
