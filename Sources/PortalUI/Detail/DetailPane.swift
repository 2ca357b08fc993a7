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
        case loading(ItemKey)
        case loaded(Item)
        /// With a `PageFailure` message (sanitised when made) or our own words.
        case failed(ItemKey, String)
    }

    /// The items the subject points at (a character's episodes, …).
    public enum Related: Equatable {
        /// The subject points at nothing: no request is made.
        case none
        case loading
        case loaded([Item])
        /// With a `PageFailure` message (sanitised when made).
        case failed(String)
    }

    /// One line of the pane, the item it leads to when it is a link, and its place in a
    /// JSON item's tree (a line the highlight stops on when it folds).
    public struct Line: Equatable {
        public var spans: [Span]
        public var link: ItemKey?
        public var node: DetailNode?

        public init(spans: [Span], link: ItemKey? = nil, node: DetailNode? = nil) {
            self.spans = spans
            self.link = link
            self.node = node
        }

        /// Whether the highlight can land on it.
        var isStop: Bool { link != nil || node?.isFoldable == true }
    }

    /// A line the highlight can land on: a link, a node that folds, or both.
    public typealias Stop = (line: Int, target: ItemKey?, node: DetailNode?)

    /// What the pane has asked the network for, so the planner asks once: its subject by
    /// id, its related list. (Its picture is planned with the cards': `PicturePlanner`.)
    public enum Need: Sendable, Hashable {
        case subject, related
        /// `R`: the item again, past the caches.
        case refreshed
        /// The next page of a linked list, by its link number (any API).
        case more(Int)
    }

    /// A linked list's further pages: none asked, one on its way, or one that failed.
    public enum More: Equatable {
        case idle, loading
        case failed(String)
    }

    public let address: PaneAddress
    /// The needs already asked for (set by the planner, cleared when a retry wants one again).
    var asked: Set<Need> = []
    public private(set) var subject: Subject {
        didSet { cached = nil }
    }
    public private(set) var related: Related = .none {
        didSet { cached = nil }
    }
    /// The further pages of a linked list the pane shows (any API), in order.
    public private(set) var pages: [Item] = [] {
        didSet { cached = nil }
    }
    public private(set) var more: More = .idle {
        didSet { cached = nil }
    }
    /// The first line of the pane's content shown.
    public private(set) var scroll = 0
    /// Which stop is highlighted (an index into `stops`), nil when the pane has none.
    public private(set) var highlight: Int?
    /// The nodes of a JSON item's tree the user unfolded (true) or folded (false), by
    /// path; every other node is as `JSONTree` opens it.
    public private(set) var folds: [String: Bool] = [:] {
        didSet { cached = nil }
    }
    /// The columns the pane's text has (0 until the controller says): long values wrap
    /// to it.
    public private(set) var textWidth = 0
    /// The lines and their stops, built once per change of subject, related list, folds
    /// or width (the pane is drawn every frame).
    private var cached: (lines: [Line], stops: [Stop])?

    public init(address: PaneAddress, subject: Subject) {
        self.address = address
        self.subject = subject
    }

    public var key: ItemKey {
        switch subject {
        case .loading(let key), .failed(let key, _): key
        case .loaded(let item): item.id
        }
    }

    public var item: Item? {
        if case .loaded(let item) = subject { return item }
        return nil
    }

    /// The subject's description, once it is loaded.
    public var content: DetailContent? { item?.detail }

    /// Its name in the breadcrumb.
    public var crumb: String { item?.crumb ?? "\(key.kind.rawValue) \(key.id)" }

    // MARK: Changes (made by the controller)

    /// The subject arrived; `related` says whether its list must be fetched.
    func show(_ item: Item) {
        subject = .loaded(item)
        pages = []
        more = .idle
        related = (item.detail.related?.ids.isEmpty ?? true) ? .none : .loading
        asked.remove(.related)
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

    /// What the pane still needs from the network: the item (a followed link, or a list
    /// entry that is not all its source knows) and the list it points at. Each once.
    func needs() -> [Need] {
        var out: [Need] = []
        switch subject {
        case .loading:
            out.append(.subject)
        case .loaded(let item):
            if !item.isComplete { out.append(.subject) }
            if related == .loading { out.append(.related) }
            if let next = nextPage, more == .idle, let h = highlight, h >= stops.count - Self.pagesAhead { out.append(.more(next)) }
        case .failed:
            break
        }
        if wantsRefresh { out.append(.refreshed) }
        return out.filter { !asked.contains($0) }
    }

    /// A linked list's next page is asked for when the highlight is this many stops (or
    /// fewer) from the last.
    static let pagesAhead = 5

    /// The link number of the linked list's next page, if the pane shows a list with one.
    public var nextPage: Int? {
        guard case .json(let page, _) = pages.last ?? item, page.isPage else { return nil }
        return page.nextLink
    }

    /// The page asked for arrived: its entries go under the others (a late answer for a
    /// page no longer next is dropped).
    func appendPage(_ items: [Item]) {
        guard more == .loading, let next = nextPage,
              let page = items.first(where: { if case .json(let j, _) = $0 { j.linkID == next && j.isPage } else { false } }) else { return }
        pages.append(page)
        more = .idle
        if highlight == nil, !stops.isEmpty { highlight = 0 }
    }

    func failMore(_ message: String) {
        if more == .loading { more = .failed(message) }
    }

    /// `r` on a page that failed: asked for again.
    func retryMore() {
        guard case .failed = more, let next = nextPage else { return }
        more = .idle
        asked.remove(.more(next))
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
        if case .more = need { more = .loading }
    }

    /// `r` on a related list that failed: it is asked for again.
    func retryRelated() {
        related = .loading
        asked.remove(.related)
    }

    func failSubject(_ message: String) { subject = .failed(key, message) }

    func setRelated(_ related: Related) {
        self.related = related
        if highlight == nil, !stops.isEmpty { highlight = 0 }
        if let h = highlight, h >= stops.count { highlight = stops.isEmpty ? nil : stops.count - 1 }
    }

    // MARK: Folding

    /// `→ l`: the highlighted node opens (an array cut short shows every element).
    public func unfold(viewRows: Int) {
        guard let node = highlightedStop?.node, node.isFoldable else { return }
        setFold(node.path, open: true, highlighting: node.path, viewRows: viewRows)
    }

    /// `← h`: the highlighted open node folds; on a folded node or a value, its parent
    /// folds and the highlight moves onto it.
    public func fold(viewRows: Int) {
        guard let node = highlightedStop?.node else { return }
        if node.shape == .open {
            setFold(node.path, open: false, highlighting: node.path, viewRows: viewRows)
        } else if let parent = node.parent {
            setFold(parent, open: false, highlighting: parent, viewRows: viewRows)
        }
    }

    /// Whether the highlighted line is a node that folds (Enter then unfolds or folds it).
    public var highlightFolds: Bool { highlightedStop?.node?.isFoldable == true && highlightedTarget == nil }

    /// Enter on a node: a folded one opens, an open one folds.
    func toggleFold(viewRows: Int) {
        guard let node = highlightedStop?.node, node.isFoldable else { return }
        setFold(node.path, open: node.shape != .open, highlighting: node.path, viewRows: viewRows)
    }

    private func setFold(_ path: String, open: Bool, highlighting: String, viewRows: Int) {
        folds[path] = open
        let all = stops
        // The node's own row (not its "… more" row), which is the first stop with its path.
        if let index = all.firstIndex(where: { $0.node?.path == highlighting }) {
            highlight = index
            reveal(all[index].line, viewRows: viewRows)
        }
        scroll = clamp(scroll, viewRows: viewRows)
    }

    private func index(of stop: Stop) -> Int? {
        stops.firstIndex { $0.target == stop.target && $0.node == stop.node }
    }

    // MARK: Lines

    /// The pane's content as lines; link rows carry their target.
    public var lines: [Line] { built.lines }

    /// The link rows: their line number and target, in order.
    public var links: [(line: Int, target: ItemKey)] { built.stops.compactMap { stop in stop.target.map { (stop.line, $0) } } }

    /// The lines the highlight lands on (links and nodes that fold), in order.
    public var stops: [Stop] { built.stops }

    private var built: (lines: [Line], stops: [Stop]) {
        if let cached { return cached }
        let lines = buildLines()
        let built = (lines, lines.enumerated().compactMap { index, line -> Stop? in line.isStop ? (index, line.link, line.node) : nil })
        cached = built
        return built
    }

    /// Where the highlighted link leads (nil on a node that only folds).
    public var highlightedTarget: ItemKey? { highlightedStop?.target }

    /// The line number of the highlighted link or node.
    public var highlightedLine: Int? { highlightedStop?.line }

    private var highlightedStop: Stop? {
        guard let highlight else { return nil }
        let all = stops
        return highlight < all.count ? all[highlight] : nil
    }

    private func buildLines() -> [Line] {
        func plain(_ spans: [Span]) -> Line { Line(spans: spans) }
        switch subject {
        case .loading(let key):
            return [plain([Span("loading \(key.kind.rawValue) \(key.id)…", Style(dim: true))])]
        case .failed(_, let message):
            return [plain([Span("error — r to retry", Style(foreground: .red, bold: true))]),
                    plain([Span(message, Style(dim: true))])]
        case .loaded(let item):
            let content = item.detail(folds: folds)
            var out: [Line] = [plain([Span(content.title, Style(bold: true))])]
            if let badge = content.badge { out.append(plain(badge)) }
            out.append(plain([]))
            var fields = content.fields
            for (number, page) in pages.enumerated() {
                if case .json(let json, _) = page { fields += JSONItemDescription.pageFields(json, number: number + 1, folds: folds) }
            }
            let labelWidth = max(10, (fields.map { DisplayWidth.of($0.label) }.max() ?? 0) + 2)
            for field in fields { out += fieldLines(field, labelWidth: labelWidth) }
            switch more {
            case .idle where nextPage != nil:
                out.append(plain([Span("more below — ↓ loads them", Style(dim: true))]))
            case .loading:
                out.append(plain([Span("loading more…", Style(dim: true))]))
            case .failed(let message):
                out.append(plain([Span("error — r to retry", Style(foreground: .red, bold: true))]))
                out.append(plain([Span(message, Style(dim: true))]))
            default:
                break
            }
            guard let list = content.related else { return out }
            out.append(plain([]))
            switch related {
            case .none:
                out.append(plain([Span("no " + list.label.lowercased(), Style(dim: true))]))
            case .loading:
                out.append(plain([Span("loading " + list.label.lowercased() + "…", Style(dim: true))]))
            case .failed(let message):
                out.append(plain([Span("error — r to retry", Style(foreground: .red, bold: true))]))
                out.append(plain([Span(message, Style(dim: true))]))
            case .loaded(let items) where items.isEmpty:
                out.append(plain([Span("no " + list.label.lowercased(), Style(dim: true))]))
            case .loaded(let items):
                for related in items { out.append(Line(spans: related.relatedLine, link: related.id)) }
            }
            return out
        }
    }

    /// A field's line, or its lines when a long value wraps at the pane's width (the
    /// continuation lines under the value, the link and node on the first).
    private func fieldLines(_ field: DetailField, labelWidth: Int) -> [Line] {
        let label = Span(DisplayWidth.pad(field.label, to: labelWidth), Style(dim: true))
        var style = field.valueStyle
        if field.link != nil {
            style.foreground = .cyan
            style.underline = true
        }
        let valueWidth = textWidth - labelWidth
        let parts = field.wraps && valueWidth >= 8 ? WrappedText.lines(field.value, width: valueWidth) : [field.value]
        let indent = Span(String(repeating: " ", count: labelWidth))
        return parts.enumerated().map { index, part in
            index == 0 ? Line(spans: [label, Span(part, style)], link: field.link, node: field.node)
                : Line(spans: [indent, Span(part, style)])
        }
    }

    /// Whether something in the pane failed and `r` can ask again.
    public var isFailed: Bool {
        if case .failed = subject { return true }
        if case .failed = related { return true }
        if case .failed = more { return true }
        return false
    }

    // MARK: Movement

    /// ↓: the next link or node (scrolled into view); past the last link, one line of scroll.
    public func linkDown(viewRows: Int) {
        let all = stops
        if let h = highlight, h + 1 < all.count {
            highlight = h + 1
            reveal(all[h + 1].line, viewRows: viewRows)
        } else if highlight == nil, let first = all.first {
            highlight = 0
            reveal(first.line, viewRows: viewRows)
        } else {
            scroll(by: 1, viewRows: viewRows)
        }
    }

    /// ↑: the previous link; before the first, one line of scroll back.
    public func linkUp(viewRows: Int) {
        let all = stops
        if let h = highlight, h > 0 {
            highlight = h - 1
            reveal(all[h - 1].line, viewRows: viewRows)
        } else {
            scroll(by: -1, viewRows: viewRows)
        }
    }

    /// Scrolls by `delta` lines within a pane `viewRows` high; the highlight follows onto
    /// the screen (the nearest visible link).
    public func scroll(by delta: Int, viewRows: Int) {
        scroll = clamp(scroll + delta, viewRows: viewRows)
        followScroll(viewRows: viewRows)
    }

    /// Scrolls to the top (`toEnd` false) or the bottom.
    public func scroll(toEnd: Bool, viewRows: Int) {
        scroll = toEnd ? clamp(Int.max / 2, viewRows: viewRows) : 0
        followScroll(viewRows: viewRows)
    }

    /// Keeps the scroll valid for a pane `viewRows` high (after a resize or new content).
    public func clampScroll(viewRows: Int) {
        scroll = clamp(scroll, viewRows: viewRows)
    }

    private func reveal(_ line: Int, viewRows: Int) {
        let rows = max(1, viewRows)
        if line < scroll { scroll = line }
        if line >= scroll + rows { scroll = line - rows + 1 }
        scroll = clamp(scroll, viewRows: viewRows)
    }

    /// After a scroll, a highlight that left the screen moves to the nearest link on it.
    private func followScroll(viewRows: Int) {
        guard let line = highlightedLine else { return }
        let rows = max(1, viewRows)
        let visible = scroll..<(scroll + rows)
        guard !visible.contains(line) else { return }
        let all = stops
        if let index = all.firstIndex(where: { visible.contains($0.line) }) {
            highlight = line < scroll ? index : (all.lastIndex(where: { visible.contains($0.line) }) ?? index)
        }
    }

    private func clamp(_ value: Int, viewRows: Int) -> Int {
        min(max(0, value), max(0, lines.count - max(1, viewRows)))
    }
}
