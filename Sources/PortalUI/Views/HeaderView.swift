import PortalCore

/// The top line: `portal · Rick and Morty ·  1 Characters  2 Episodes  3 Locations ·` then
/// the active search and filters, then the source. The active tab is drawn in reverse.
///
/// When the line is wider than the terminal, what the user needs least goes first, so the
/// filters they set stay readable: the source label, then the other tabs' titles (their
/// numbers stay, as the keys to reach them), then the API's title. What is still too wide
/// ends in "…" as any cut text does.
public enum HeaderView {
    public static func spans(title: String, tabs: [TabSpec], active: Int, query: ListQuery, spec: TabSpec, source: String,
                             width: Int = .max) -> [Span] {
        let filters = query.filters.isEmpty ? nil : FilterSummary.text(query, spec: spec)
        var line = Line(title: title, tabs: tabs.map(\.title), active: active, filters: filters, source: source)
        for shrink in Line.shrinkSteps where line.width > width { shrink(&line) }
        return line.spans
    }

    public static func draw(_ spans: [Span], width: Int, row: Int, into screen: any Screen) {
        screen.draw(spans, row: row, column: 0, width: width)
    }

    /// The header's parts, each of which can be left out or shortened.
    private struct Line {
        var title: String?
        var tabs: [String]
        var active: Int
        var filters: String?
        var source: String?
        var shortTabs = false

        /// In the order they are tried while the line is too wide.
        static let shrinkSteps: [@Sendable (inout Line) -> Void] = [
            { $0.source = nil },
            { $0.shortTabs = true },
            { $0.title = nil },
        ]

        var spans: [Span] {
            var spans = [Span("portal", Style(bold: true)), Span(title.map { " · " + $0 + " " } ?? " ")]
            for (index, tab) in tabs.enumerated() {
                if index == active {
                    spans.append(Span(" \(index + 1) \(tab) ", Style(bold: true, reverse: true)))
                } else {
                    spans.append(Span(shortTabs ? " \(index + 1) " : " \(index + 1) \(tab) ", Style(dim: true)))
                }
            }
            if let filters { spans.append(Span(" · " + filters, Style(foreground: .cyan))) }
            if let source { spans.append(Span(" · " + source, Style(dim: true))) }
            return spans
        }

        /// Columns of the whole line; measured only as far as `fit` reads, so a filter
        /// value of any length costs a bounded amount.
        var width: Int {
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
