import PortalCore

/// One detail pane: the item it shows (or the one it is fetching), the items that item
/// points at, its picture, its scroll position, the highlighted link or node, and (for a
/// JSON item) which nodes of its tree the user folded or unfolded.
///
/// `address` is the pane's identity. Every effect the pane causes carries it, so a result
/// that arrives after the pane was closed, replaced by a followed link, or left behind by
/// a new search is recognised and dropped. A pane kept on the back stack keeps everything
/// it loaded: going back shows it again at once, highlight and scroll included.
@MainActor
public final class DetailPane {
    /// The item the pane is about.
    public enum Subject: Equatable {
        /// Being fetched (a followed link to an item not at hand).
        case loading(LinkTarget)
        case loaded(Item)
        /// With a `PageFailure` message (sanitised when made) or our own words.
        case failed(LinkTarget, String)
    }

    /// The items the subject points at (a character's episodes, …), as far as they
    /// arrived (the list itself: `relatedPages`).
    public enum Related: Equatable {
        /// The subject points at nothing: no request is made.
        case none
        /// No page has arrived yet.
        case loading
        /// The items of the pages that arrived, in the list's order.
        case loaded([Item])
        /// With a `PageFailure` message (sanitised when made), before any page arrived.
        case failed(String)
    }

    /// One line of the pane, the item it leads to when it is a link, and its place in a
    /// JSON item's tree (a line the highlight stops on when it folds).
    public struct Line: Equatable {
        public var spans: [Span]
        public var link: LinkTarget?
        public var node: DetailNode?
        /// A linked list's entry not loaded yet: the highlight stops on it as on the entry
        /// it stands for (↑↓ move one row through placeholders, as in the grid).
        public var holdsPlace: Bool

        public init(spans: [Span], link: LinkTarget? = nil, node: DetailNode? = nil, holdsPlace: Bool = false) {
            self.spans = spans
            self.link = link
            self.node = node
            self.holdsPlace = holdsPlace
        }

        /// Whether the highlight can land on it.
        var isStop: Bool { link != nil || node?.isFoldable == true || holdsPlace }
    }

    /// A line the highlight can land on: a link, a node that folds, or both.
    public typealias Stop = (line: Int, target: LinkTarget?, node: DetailNode?)

    /// What the pane asks the network for besides its lists' pages, so the planner asks
    /// once: its subject by id or link, and the item again on `R`. (Its lists' pages are
    /// marked by the lists themselves, `PaneListPaging`; its picture is planned with the
    /// cards': `PicturePlanner`.)
    public enum Need: Sendable, Hashable {
        case subject
        /// `R`: the item again, past the caches.
        case refreshed
    }

    public let address: PaneAddress
    /// The needs already asked for (set by the planner, cleared when a retry wants one again).
    var asked: Set<Need> = []
    public private(set) var subject: Subject {
        didSet { cached = nil }
    }
    /// The related list, paged by the grid's engine; nil when the subject points at
    /// nothing.
    private(set) var relatedPages: RelatedPages? {
        didSet { cached = nil }
    }
    /// The linked list the pane shows (any API: its subject is a list's first page),
    /// paged by the grid's engine (`PaneList`).
    private(set) var list: PaneList? {
        didSet { cached = nil }
    }
    /// Lists the pane made so far: the next one's number (`PaneListPaging.serial`).
    private var listsMade = 0
    /// Set by `r` on a failed list page; the planner asks the lists' failed pages again.
    var wantsRetry = false
    /// The first line of the pane's content shown.
    public internal(set) var scroll = 0
    /// The rows the pane had on screen when it was last moved or clamped (0 before), so
    /// the planner knows which related entries are shown.
    var viewRows = 0
    /// The line of the related list's first entry, as the lines were last built.
    var relatedFirstLine: Int?
    /// The line each entry of the linked list starts on, as the lines were last built.
    var listEntryLines: [Int] = []
    /// Which stop is highlighted (an index into `stops`), nil when the pane has none.
    public internal(set) var highlight: Int?
    /// The nodes of a JSON item's tree the user unfolded (true) or folded (false), by
    /// path; every other node is as `JSONTree` opens it.
    public internal(set) var folds: [String: Bool] = [:] {
        didSet {
            cached = nil
            list?.layout.forgetAll()
        }
    }
    /// The columns the pane's text has (0 until the controller says): long values wrap
    /// to it.
    public private(set) var textWidth = 0
    /// The lines and their stops, built once per change of subject, related list, folds
    /// or width (the pane is drawn every frame).
    var cached: (lines: [Line], stops: [Stop])?

    public init(address: PaneAddress, subject: Subject) {
        self.address = address
        self.subject = subject
    }

    public var key: ItemKey {
        switch subject {
        case .loading(let target), .failed(let target, _): target.key
        case .loaded(let item): item.id
        }
    }

    /// What the pane is about, as the link that leads to it: the link it was opened by (a
    /// URL of any API, or an item by kind and id).
    public var target: LinkTarget {
        switch subject {
        case .loading(let target), .failed(let target, _): target
        case .loaded(let item) where item.record.link != nil: item.record.link.map(LinkTarget.url) ?? .item(key)
        case .loaded(let item): .item(item.id)
        }
    }

    public var item: Item? {
        if case .loaded(let item) = subject { return item }
        return nil
    }

    /// The subject's description, once it is loaded.
    public var content: DetailContent? { item?.detail }

    /// Its name in the breadcrumb.
    public var crumb: String { item?.crumb ?? Self.name(of: target) }

    /// A link's name before its item is known: `episode 3`, or a URL's last path segment.
    static func name(of target: LinkTarget) -> String {
        switch target {
        case .item(let key): "\(key.kind.rawValue) \(key.id)"
        case .url(let link): Sanitize.line(link.url.lastPathComponent.isEmpty ? link.url.host ?? "link" : link.url.lastPathComponent, limit: 80)
        }
    }

    // MARK: Changes (made by the controller)

    /// The subject arrived; `related` says whether its list must be fetched.
    func show(_ item: Item) {
        subject = .loaded(item)
        if item.record.isPage, let link = item.record.link {
            let page = item.record
            // A list shown again (`R`) starts over as a new list: its pages are asked again.
            list = PaneList(link: link, firstPage: page, serial: nextSerial())
        } else {
            list = nil
        }
        // The same ids again (`R`, a fuller copy of the item) keep the pages that arrived.
        if let related = item.detail.related, relatedPages?.list != related {
            relatedPages = related.ids.isEmpty ? nil : RelatedPages(related, serial: nextSerial())
        } else if item.detail.related == nil {
            relatedPages = nil
        }
        highlight = stops.isEmpty ? nil : 0
    }

    /// The width the pane's text is drawn in (set by the controller on every event); the
    /// lines are built again only when it changes. The highlight stays on its line.
    func setTextWidth(_ width: Int) {
        guard width != textWidth else { return }
        let kept = highlightedStop
        textWidth = width
        cached = nil
        if let kept { highlight = index(of: kept) ?? highlight }
    }

    /// What the pane still needs from the network besides its lists' pages: the item (a
    /// followed link, or a list entry that is not all its source knows). Each once.
    func needs() -> [Need] {
        var out: [Need] = []
        switch subject {
        case .loading:
            out.append(.subject)
        case .loaded(let item):
            if !item.isComplete { out.append(.subject) }
        case .failed:
            break
        }
        if wantsRefresh { out.append(.refreshed) }
        return out.filter { !asked.contains($0) }
    }

    private func nextSerial() -> Int {
        listsMade += 1
        return listsMade
    }

    /// Set by `R`; the planner asks for the item again (once per `R`).
    private var wantsRefresh = false

    /// `R` in the pane: its item is asked for again, past the caches.
    func refresh() {
        wantsRefresh = true
        asked.remove(.refreshed)
    }

    /// The planner asked: `R` has been answered for.
    func didAsk(_ need: Need) {
        asked.insert(need)
        if need == .refreshed { wantsRefresh = false }
    }

    func failSubject(_ message: String) { subject = .failed(target, message) }

    // MARK: Lines

    /// The pane's content as lines; link rows carry their target.
    public var lines: [Line] { built.lines }

    /// The link rows: their line number and target, in order.
    public var links: [(line: Int, target: LinkTarget)] { built.stops.compactMap { stop in stop.target.map { (stop.line, $0) } } }

    /// The lines the highlight lands on (links and nodes that fold), in order.
    public var stops: [Stop] { built.stops }

    private var built: (lines: [Line], stops: [Stop]) {
        if let cached { return cached }
        let lines = buildLines()
        let built = (lines, lines.enumerated().compactMap { index, line -> Stop? in line.isStop ? (index, line.link, line.node) : nil })
        cached = built
        return built
    }

    /// What the highlighted link leads to (nil on a node that only folds).
    public var highlightedTarget: ItemKey? { highlightedStop?.target?.key }

    /// The highlighted link itself, as Enter follows it.
    public var highlightedLink: LinkTarget? { highlightedStop?.target }

    /// The line number of the highlighted link or node.
    public var highlightedLine: Int? { highlightedStop?.line }

    var highlightedStop: Stop? {
        guard let highlight else { return nil }
        let all = stops
        return highlight < all.count ? all[highlight] : nil
    }

    /// Whether something in the pane failed and `r` can ask again.
    public var isFailed: Bool {
        if case .failed = subject { return true }
        if relatedPages?.failure != nil { return true }
        if let failure = list?.failure, failure.kind != .refusedNext { return true }
        return false
    }

}
