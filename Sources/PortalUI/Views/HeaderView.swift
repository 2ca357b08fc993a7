/// The top line: `portal · Rick and Morty characters · <source>`, plus the active search.
public enum HeaderView {
    public static func draw(source: String, query: String, width: Int, row: Int, into screen: any Screen) {
        var spans = [Span("portal", Style(bold: true)), Span(" · Rick and Morty characters")]
        if !query.isEmpty { spans.append(Span(" · name “\(query)”", Style(foreground: .cyan))) }
        spans.append(Span(" · " + source, Style(dim: true)))
        screen.draw(spans, row: row, column: 0, width: width)
    }
}
