import Foundation
import PortalCore

/// The whole browser, as a root that routes and composes: one tab per list of the source
/// (each with its grid, table, query and trail of detail panes), and the small
/// models beside them — the search, go-to and jq prompts, the filter form, the help, the
/// list watch, the pictures — each a value with its own `update` that returns the effects
/// it asks for or an outcome the root maps (+Commands). Views draw each model beside it.
///
/// Every event — a key, a resize, a result, a timer — goes through `update`, the only way
/// in, a batch at a time: each event changes the model it is for (a key through the
/// command table, `perform`; a message through `receive`, +Results), then one planning
/// step (`ScreenPlanner.plan`) reads the new state and returns what the screen needs as
/// values, and `apply` (+Plan) marks them and makes the effects. That is the only place
/// fetches are made, whichever model asked; nothing here performs I/O, and `render`
/// changes nothing. An interpreter outside PortalUI runs the effects and answers with
/// messages, each stamped with the list or pane that asked.
@MainActor
public final class ScreenController: App, ItemListViewDelegate {
    public typealias Instant = ContinuousClock.Instant

    public let source: any Source
    public let sourceLabel: String
    public private(set) var tabs: [TabState] = []
    public internal(set) var activeTab = 0
    public private(set) var size = Size(columns: 80, rows: 24)
    public internal(set) var needsRedraw = true

    // The small models (each in its own folder, with its update and its view).
    public internal(set) var search = SearchPrompt()
    public internal(set) var goTo = GoToPrompt()
    public internal(set) var form = FilterForm()
    public internal(set) var help = HelpOverlay()
    var paneFilter = PaneFilter()
    var watch = ListWatch()
    var picturing: ScreenPictures
    var status = StatusNotice()
    let tableOptions: TableOptions

    /// The one place fetches are decided.
    lazy var planner = ScreenPlanner(today: today)
    /// The monotonic clock (scroll speed, round trips, `Retry-After`), read once per use.
    let now: @Sendable () -> Instant
    /// The wall clock, for "cached 3 h ago" (a cached answer's age is a date).
    let today: @Sendable () -> Date
    var batch = UpdateBatch()
    private var lastPaneToken = 0
    private(set) var started = false

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
        pictures: PictureMode = .symbols, maxPages: Int = ScreenController.defaultMaxPages,
        clock: C = ContinuousClock(), today: @escaping @Sendable () -> Date = { Date() },
        tableFields: [String]? = nil, sortStyle: SortStyle? = nil
    ) where C.Instant == ContinuousClock.Instant {
        self.today = today
        self.tableOptions = TableOptions(fields: tableFields, sortStyle: SortStyle.style(for: source, given: sortStyle))
        self.source = source
        self.sourceLabel = sourceLabel
        self.picturing = ScreenPictures(mode: pictures)
        self.now = { clock.now }
        for (index, spec) in source.tabs.enumerated() {
            let query = ListQuery(kind: spec.kind, filters: index == initialTab ? initialFilters : [])
            let tab = TabState(index: index, spec: spec, query: query, firstPage: source.firstPage(for: query),
                               addressing: PageAddressing(source: source, query: query), maxPages: maxPages, clock: clock)
            tab.listView.delegate = self
            tabs.append(tab)
        }
        activeTab = min(max(0, initialTab), max(0, tabs.count - 1))
    }

    /// One event: the same as a batch of one.
    public func update(_ event: AppEvent) -> [Effect] {
        update([event])
    }

    /// Every event that waited at one wake-up of the loop, in order, then one planning
    /// step: the effects the events made and the plan's, applied once. A list page's
    /// answer is planned at once, as if it had come alone (an end search must not see two
    /// answers before its next probe; pictures, keys and panes' answers come in bursts).
    public func update(_ events: [AppEvent]) -> [Effect] {
        if let quiet = quietLiveBatch(events) { return quiet }  // changes far off screen draw nothing (Live/)
        var effects: [Effect] = []
        for (position, event) in events.enumerated() {
            handle(event)
            if position < events.count - 1, case .message(.page) = event { effects += planStep() }
        }
        return effects + planStep()
    }

    /// What one event changes: a key goes through the command table to its model, a
    /// message to the list, pane or model that asked.
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
            let command = CommandTable.command(for: key, in: context)
            let jumped = command.map { perform($0, key: key) } ?? false
            planner.viewportMoved(from: row, to: grid.offsetRows, jumped: jumped, at: now())
        case .message(let message):
            receive(message)
        case .pictures(let mode):
            pictureMode = mode
        }
    }

    /// Effects an event made that are not fetches (cancels, timers, runs, quit).
    func emit(_ effects: [Effect]) {
        batch.effects += effects
    }

    /// A pane address never handed out before, in `tab`'s list generation.
    func newPaneAddress(in tab: TabState) -> PaneAddress {
        lastPaneToken += 1
        return PaneAddress(tab: tab.index, generation: tab.list.generation, token: lastPaneToken)
    }

    /// Draws the whole frame (clear, draw, flush). It lays out nothing and asks for nothing:
    /// it only notes the screen's palette (symbols are rendered off the UI thread in it).
    /// When that palette changes what cards show, `needsRedraw` stays set: the next update,
    /// which the loop runs at once, lays out and plans for it.
    public func render(into screen: any Screen) {
        let undrawable = picturing.symbolsUndrawable
        picturing.palette = PictureView.palette(for: screen)
        picturing.screenDrawn = true
        if picturing.symbolsUndrawable != undrawable { batch.planOwed = true }
        needsRedraw = batch.planOwed
        screen.clear()
        ScreenView.draw(self, into: screen)
        screen.flush()
    }
}
