import PortalCore

/// The top line: `portal · Rick and Morty ·  1 Characters  2 Episodes  3 Locations ·` then
/// the active search and filters, then the source. The active tab is drawn in reverse.
///
/// When the line is wider than the terminal, what the user needs least goes first, so the
/// filters they set stay readable: the source label, then the other tabs' titles (the
/// longest shortened first, each ending in "…", so the short ones stay whole and every
/// column the line has is used; at last to their numbers alone, which stay as the keys to
/// reach them), then the API's title. The active tab's title stays whole;
/// when even the numbers do not fit, the strip scrolls so the active tab is on screen and
/// "…" stands for the tabs left of it. What is still too wide ends in "…" as any cut
/// text does.
public enum HeaderView {
    public static func spans(title: String, tabs: [TabSpec], active: Int, query: ListQuery, spec: TabSpec, source: String,
                             width: Int = .max) -> [Span] {
        let filters = query.filters.isEmpty ? nil : FilterSummary.text(query, spec: spec)
        var line = Line(title: title, tabs: tabs.map(\.title), active: active, filters: filters, source: source)
        if line.width > width { line.source = nil }
        if line.width > width { line.shortenOtherTabs(toFit: width) }
        if line.width > width {
            // The room the API's title leaves goes back to the other tabs' titles.
            line.title = nil
            line.otherTabWidth = nil
            line.roomier = []
            if line.width > width { line.shortenOtherTabs(toFit: width) }
        }
        if line.width > width { line.scrollToActiveTab(toFit: width) }
        return line.spans
    }

    public static func draw(_ spans: [Span], width: Int, row: Int, into screen: any Screen) {
        screen.draw(spans, row: row, column: 0, width: width)
    }
}

extension HeaderView {
    /// The header's parts, each of which can be left out or shortened.
    private struct Line {
        var title: String?
        var tabs: [String]
        var active: Int
        var filters: String?
        var source: String?
        /// The most columns an inactive tab's title takes; nil: whole. Below
        /// `shortestCut` an inactive tab shows its number alone.
        var otherTabWidth: Int?
        /// Inactive tabs given one column past `otherTabWidth`: the room the common width
        /// leaves, so no column of the line goes unused.
        var roomier: Set<Int> = []
        /// The first tab drawn; one "…" stands for those before it.
        var firstTab = 0

        /// Two characters and "…": less says nothing the number does not.
        static let shortestCut = 3

        /// Gives up the other tabs' titles, the longest first: the widest common width the
        /// longer titles are cut to at which the line fits (found by halving, as the line's
        /// width grows with it; shorter titles stay whole), else numbers. The columns that
        /// width leaves go one each to the cut titles, the shortest first (those nearest to
        /// whole).
        mutating func shortenOtherTabs(toFit width: Int) {
            let others = tabs.indices.filter { $0 != active }
            let widths = Dictionary(uniqueKeysWithValues: others.map { ($0, DisplayWidth.fit(tabs[$0], in: width).width) })
            let longest = widths.values.max() ?? 0
            roomier = []
            var fitting = 0
            var low = Self.shortestCut
            var high = longest - 1
            while low <= high {
                let middle = (low + high) / 2
                otherTabWidth = middle
                if self.width <= width { fitting = middle; low = middle + 1 } else { high = middle - 1 }
            }
            otherTabWidth = fitting
            guard fitting >= Self.shortestCut else { return }
            let cut = others.filter { (widths[$0] ?? 0) > fitting }.sorted { (widths[$0] ?? 0, $0) < (widths[$1] ?? 0, $1) }
            for index in cut where self.width < width {
                roomier.insert(index)
                // A wide character may take two columns at once: then not this one.
                if self.width > width { roomier.remove(index) }
            }
        }

        /// Leaves out tabs from the left, behind one "…", until the active one ends on screen.
        mutating func scrollToActiveTab(toFit width: Int) {
            guard tabs.indices.contains(active) else { return }
            let lead = Self.width(of: leadSpans)
            var used = Self.width(of: (0...active).map(tabSpan))
            guard lead + used > width else { return }
            let marker = Self.width(of: [Self.skippedTabs])
            var first = 0
            while first < active, lead + marker + used > width {
                used -= Self.width(of: [tabSpan(first)])
                first += 1
            }
            firstTab = first
        }

        func tabSpan(_ index: Int) -> Span {
            var title = tabs[index]
            if index != active, let level = otherTabWidth {
                let limit = roomier.contains(index) ? level + 1 : level
                title = level >= Self.shortestCut ? DisplayWidth.truncate(title, to: limit) : ""
            }
            let text = title.isEmpty ? " \(index + 1) " : " \(index + 1) \(title) "
            return index == active ? Span(text, Style(bold: true, reverse: true)) : Span(text, Style(dim: true))
        }

        static let skippedTabs = Span(" …", Style(dim: true))

        var leadSpans: [Span] {
            [Span("portal", Style(bold: true)), Span(title.map { " · " + $0 + " " } ?? " ")]
        }

        var spans: [Span] {
            var spans = leadSpans
            if firstTab > 0 { spans.append(Self.skippedTabs) }
            spans += tabs.indices.dropFirst(firstTab).map(tabSpan)
            if let filters { spans.append(Span(" · " + filters, Style(foreground: .cyan))) }
            if let source { spans.append(Span(" · " + source, Style(dim: true))) }
            return spans
        }

        /// Columns of the whole line.
        var width: Int { Self.width(of: spans) }

        /// Measured only as far as `fit` reads, so a filter value of any length costs a
        /// bounded amount.
        static func width(of spans: [Span]) -> Int {
            spans.reduce(0) { $0 + DisplayWidth.fit($1.text, in: 10_000).width }
        }
    }
}

/// A list's search and filters in words: `name “rick” · status Dead · gender Female`.
public enum FilterSummary {
    public static func text(_ query: ListQuery, spec: TabSpec) -> String {
        query.filters.map { filter in
            let label = spec.filters.first { $0.key == filter.key }?.label.lowercased() ?? filter.key
            let value = Sanitize.shown(filter.value)
            return filter.key == spec.searchKey ? "\(label) “\(value)”" : "\(label) \(value)"
        }.joined(separator: " · ")
    }
}
