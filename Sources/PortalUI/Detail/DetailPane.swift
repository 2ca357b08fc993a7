import PortalCore

/// One detail pane: the item it shows (or the one it is fetching), the items that item
/// points at, its picture, its scroll position and the highlighted link.
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

    /// One line of the pane, and the item it leads to when it is a link.
    public struct Line: Equatable {
        public var spans: [Span]
        public var link: ItemKey?
    }

    /// What the pane has asked the network for, so the planner asks once: its subject by
    /// id, its related list. (Its picture is planned with the cards': `PicturePlanner`.)
    public enum Need: Sendable, Hashable {
        case subject, related
        /// `R`: the item again, past the caches.
        case refreshed
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
    /// The first line of the pane's content shown.
    public private(set) var scroll = 0
    /// Which link is highlighted (an index into `links`), nil when the pane has none.
    public private(set) var highlight: Int?
    /// The lines and their links, built once per change of subject or related list (the
    /// pane is drawn every frame).
    private var cached: (lines: [Line], links: [(line: Int, target: ItemKey)])?

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
        related = (item.detail.related?.ids.isEmpty ?? true) ? .none : .loading
        asked.remove(.related)
        highlight = links.isEmpty ? nil : 0
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
        case .failed:
            break
        }
        if wantsRefresh { out.append(.refreshed) }
        return out.filter { !asked.contains($0) }
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

    /// `r` on a related list that failed: it is asked for again.
    func retryRelated() {
        related = .loading
        asked.remove(.related)
    }

    func failSubject(_ message: String) { subject = .failed(key, message) }

    func setRelated(_ related: Related) {
        self.related = related
        if highlight == nil, !links.isEmpty { highlight = 0 }
        if let h = highlight, h >= links.count { highlight = links.isEmpty ? nil : links.count - 1 }
    }

    // MARK: Lines

    /// The pane's content as lines; link rows carry their target.
    public var lines: [Line] { built.lines }

    /// The link rows: their line number and target, in order.
    public var links: [(line: Int, target: ItemKey)] { built.links }

    private var built: (lines: [Line], links: [(line: Int, target: ItemKey)]) {
        if let cached { return cached }
        let lines = buildLines()
        let built = (lines, lines.enumerated().compactMap { index, line in line.link.map { (index, $0) } })
        cached = built
        return built
    }

    /// Where the highlighted link leads.
    public var highlightedTarget: ItemKey? { highlightedLink?.target }

    /// The line number of the highlighted link.
    public var highlightedLine: Int? { highlightedLink?.line }

    private var highlightedLink: (line: Int, target: ItemKey)? {
        guard let highlight else { return nil }
        let all = links
        return highlight < all.count ? all[highlight] : nil
    }

    private func buildLines() -> [Line] {
        func plain(_ spans: [Span]) -> Line { Line(spans: spans, link: nil) }
        switch subject {
        case .loading(let key):
            return [plain([Span("loading \(key.kind.rawValue) \(key.id)…", Style(dim: true))])]
        case .failed(_, let message):
            return [plain([Span("error — r to retry", Style(foreground: .red, bold: true))]),
                    plain([Span(message, Style(dim: true))])]
        case .loaded(let item):
            let content = item.detail
            var out: [Line] = [plain([Span(content.title, Style(bold: true))])]
            if let badge = content.badge { out.append(plain(badge)) }
            out.append(plain([]))
            let labelWidth = max(10, (content.fields.map { DisplayWidth.of($0.label) }.max() ?? 0) + 2)
            for field in content.fields {
                let label = Span(DisplayWidth.pad(field.label, to: labelWidth), Style(dim: true))
                if let link = field.link {
                    out.append(Line(spans: [label, Span(field.value, Style(foreground: .cyan, underline: true))], link: link))
                } else {
                    out.append(plain([label, Span(field.value)]))
                }
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

    /// Whether something in the pane failed and `r` can ask again.
    public var isFailed: Bool {
        if case .failed = subject { return true }
        if case .failed = related { return true }
        return false
    }

    // MARK: Movement

    /// ↓: the next link (scrolled into view); past the last link, one line of scroll.
    public func linkDown(viewRows: Int) {
        let all = links
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
        let all = links
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
        let all = links
        if let index = all.firstIndex(where: { visible.contains($0.line) }) {
            highlight = line < scroll ? index : (all.lastIndex(where: { visible.contains($0.line) }) ?? index)
        }
    }

    private func clamp(_ value: Int, viewRows: Int) -> Int {
        min(max(0, value), max(0, lines.count - max(1, viewRows)))
    }
}
