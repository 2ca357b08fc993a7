import PortalCore

/// The top line: `portal · Rick and Morty ·  1 Characters  2 Episodes  3 Locations ·` then
/// the active search and filters, then the source. The active tab is drawn in reverse.
public enum HeaderView {
    public static func spans(title: String, tabs: [TabSpec], active: Int, query: ListQuery, spec: TabSpec, source: String) -> [Span] {
        var spans = [Span("portal", Style(bold: true)), Span(" · " + title + " ")]
        for (index, tab) in tabs.enumerated() {
            let label = " \(index + 1) \(tab.title) "
            spans.append(index == active ? Span(label, Style(bold: true, reverse: true)) : Span(label, Style(dim: true)))
        }
        if !query.filters.isEmpty {
            spans.append(Span(" · " + FilterSummary.text(query, spec: spec), Style(foreground: .cyan)))
        }
        spans.append(Span(" · " + source, Style(dim: true)))
        return spans
    }

    public static func draw(_ spans: [Span], width: Int, row: Int, into screen: any Screen) {
        screen.draw(spans, row: row, column: 0, width: width)
    }
}

/// A list's search and filters in words: `name “rick” · status Dead · gender Female`.
public enum FilterSummary {
    public static func text(_ query: ListQuery, spec: TabSpec) -> String {
        query.filters.map { filter in
            let label = spec.filters.first { $0.key == filter.key }?.label.lowercased() ?? filter.key
            let value = Sanitize.line(filter.value)
            return filter.key == spec.searchKey ? "\(label) “\(value)”" : "\(label) \(value)"
        }.joined(separator: " · ")
    }
}
