import Foundation
import PortalCore
import PortalPaging

/// The one planning step: after every event, a function of the state that lists what the
/// screen needs from the network — the pages near each started tab's viewport (both
/// directions, the prefetch distance measured from the scroll speed and round trip), the
/// pages no longer near it (cancelled), what the pane on screen shows (its item; its
/// related and linked lists' pages, planned and cancelled by the same `SparseList` rule
/// as a tab's), and the pictures of the pane and of the cards on screen and just ahead
/// (`PictureNeeds`, from `PicturePlanner`; at most a few in flight, far ones cancelled).
///
/// It is the only place PortalUI decides a fetch. Key handlers and results change state
/// and return; the controller then runs `plan` once per batch of events, so "which pages,
/// and whether at all" is decided in one place whatever happened (bubbletea's Update →
/// Cmd, with the command made from the new model rather than from inside a callback).
/// `plan` changes nothing: it returns a `ScreenPlan`, the decisions as values, and the
/// controller's `apply` is the one place they are marked (pages in flight, a pane's need
/// asked, a retry taken) and turned into effects, each exactly once.
@MainActor
struct ScreenPlanner {
    typealias Instant = ContinuousClock.Instant

    /// How far beyond the viewport pages are asked for, from the measured scroll speed and
    /// round trip.
    private(set) var prefetch = PrefetchDistance()
    /// Page requests made, all tabs together (the spinner advances with it).
    private(set) var pageRequestCount = 0
    /// When each page request in flight went out, for the round trip.
    private var sentAt: [PageRequest: Instant] = [:]
    /// Plans applied: one per batch of events (the terminal loop's wake-up).
    private(set) var plansApplied = 0
    /// The rate limits answers said, by origin (`RateNotes`): while the list's origin's is
    /// low no page is asked for beyond the screen (issue 35, item 19).
    var rates = RateNotes()
    /// The wall clock a rate limit's reset is read on (`ScreenController.today`).
    let today: @Sendable () -> Date

    init(today: @escaping @Sendable () -> Date = { Date() }) {
        self.today = today
    }

    // MARK: Measuring

    /// The active grid's viewport moved from `row` to `newRow`: a scroll measures speed
    /// and direction, a jump (Home, End, `:N`, a tab switch, a search) starts from rest.
    mutating func viewportMoved(from row: Int, to newRow: Int, jumped: Bool, at now: Instant) {
        if jumped {
            prefetch.jumped(toRow: newRow, at: now)
        } else if newRow != row {
            prefetch.scrolled(toRow: newRow, at: now)
        }
    }

    /// A page answer came back: its round trip feeds the prefetch distance.
    mutating func received(_ request: PageRequest, at now: Instant) {
        if let sent = sentAt.removeValue(forKey: request) { prefetch.roundTrip(from: sent, to: now) }
    }

    /// The rate limit of `tab`'s list's origin while it is low and its reset still ahead:
    /// the status line shows it, and prefetch holds.
    func lowRate(of tab: TabState) -> RateLimit? {
        rates.low(url: tab.list.firstPage.http.url, at: today())
    }

    // MARK: Planning

    /// What every started tab needs now, in order: retries asked for with `r`, pages no
    /// longer wanted (cancelled), pages wanted (on screen first), then the pane's needs;
    /// then the pictures. Reads only: the controller commits the plan (`apply`), which
    /// marks what it names and turns it into effects, in one place.
    ///
    /// `tabs` are the tabs to plan: the active one and those an event touched (a tab not
    /// shown and not answered has nothing new to ask for).
    /// `watch`: its look is planned when due and the active tab can be looked at.
    func plan(_ tabs: [TabState], active: Int, pictures: PictureNeeds?, watch: ListWatch = ListWatch(), at now: Instant) -> ScreenPlan {
        var plan = ScreenPlan()
        if watch.lookDue, let tab = tabs.first(where: { $0.index == active }), watch.canLook(at: tab) {
            plan.steps.append(.look(tab: active))
        }
        for tab in tabs where tab.isStarted {
            if tab.wantsRetry { plan.steps.append(.retry(tab: tab.index)) }
            // A tab not shown keeps filling at rest (its first page may arrive after the
            // user switched away); only the active one has a scroll speed.
            if let pages = pages(tab, prefetch: tab.index == active ? prefetch : PrefetchDistance(), at: now) {
                plan.steps.append(pages)
            }
            if let pane = tab.pane {
                let needs = pane.needs()
                if !needs.isEmpty { plan.steps.append(.pane(tab: tab.index, pane.address, needs)) }
                if pane.wantsRetry { plan.steps.append(.paneRetry(tab: tab.index, pane.address)) }
                // Its lists, as a tab's: every plan, so each remembers the screen it was asked for.
                for (list, ask) in pane.listAsks() { plan.steps.append(.paneList(tab: tab.index, pane.address, list: list, ask)) }
            }
        }
        if let pictures { plan.steps.append(.pictures(pictures)) }
        return plan
    }

    /// The pages near `tab`'s viewport that the list would hand out (each page once, never
    /// while in flight), and the pages in flight that are no longer near it; nil when there
    /// is nothing to ask or cancel.
    private func pages(_ tab: TabState, prefetch: PrefetchDistance, at now: Instant) -> PlanStep? {
        let grid = tab.grid.state
        guard grid.hasArea else { return nil }
        let list = tab.list
        let perPage = list.addressing?.pageSize ?? (list.pagesLoaded > 0 ? list.count / list.pagesLoaded : grid.columns)
        // Few requests left: only what the screen shows (a walking list's next page once
        // the screen reaches its end), nothing speculative.
        let rows = lowRate(of: tab) != nil ? 0
            : prefetch.rowsBeyond(viewportRows: grid.viewportRows, pageRows: PageWindow.pageRows(perPage: perPage, in: grid), at: now)
        let window = PageWindow.of(grid, rowsBeyond: rows, direction: prefetch.direction)
        // Far is beyond the longest prefetch there can be, so a margin that shrinks when the
        // user stops cancels nothing.
        let keep = Saturating.multiply(Saturating.multiply(grid.viewportRows, prefetch.maxViewportsBeyond + 1), grid.columns)
        let ask = list.ask(near: window.visible, before: window.before, after: window.after, keeping: keep)
        return .pages(tab: tab.index, ask, showing: window.visible)
    }

    // MARK: Committing

    /// A plan was applied.
    mutating func applied() {
        plansApplied += 1
    }

    /// A page request went out now (the spinner counts it; its round trip is timed).
    mutating func launched(_ request: PageRequest, at now: Instant) {
        pageRequestCount += 1
        sentAt[request] = now
    }

    /// A page request in flight was given up.
    mutating func cancelled(_ request: PageRequest) {
        sentAt[request] = nil
    }

    /// On screen when the page holds a card the viewport shows (for a list that walks:
    /// when the viewport reaches its end, where "loading more…" is drawn).
    static func priority(of request: PageRequest, in list: SparseList<Item>, showing visible: Range<Int>) -> FetchPriority {
        guard list.isAddressable, let size = list.addressing?.pageSize else {
            return visible.upperBound >= list.count ? .onScreen : .nearby
        }
        let start = Saturating.multiply(request.index, size)
        return start < visible.upperBound && Saturating.add(start, size) > visible.lowerBound ? .onScreen : .nearby
    }
}
