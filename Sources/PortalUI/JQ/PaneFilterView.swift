import PortalCore

/// The `|` prompt's tree over the pane (the last good result of its jq program, or the
/// item whole until one), and its prompt line with jq's message when the text fails.
@MainActor
enum PaneFilterView {
    static func draw(_ filter: PaneFilter, over pane: DetailPane, in rect: Rect, beside: Bool, into screen: any Screen) {
        guard rect.width > 2, rect.height > 0 else { return }
        let left = rect.left + (beside ? 2 : 0)
        let width = rect.right - left
        guard width > 0 else { return }
        for row in rect.top..<rect.bottom { screen.draw("", row: row, column: left, width: width, fill: true) }
        var lines: [[Span]] = []
        if let shown = filter.shown {
            let title = shown.program.trimmingCharacters(in: .whitespaces).isEmpty ? "." : shown.program
            lines.append([Span("jq ", Style(dim: true)), Span(Sanitize.line(title, limit: 200), Style(bold: true))])
            let fields = JSONTree.fields(PaneFilter.row(shown.outputs), linkOrigin: nil)
            let labelWidth = max(10, (fields.map { DisplayWidth.of($0.label) }.max() ?? 0) + 2)
            if shown.outputs.isEmpty { lines.append([Span("no output", Style(dim: true))]) }
            for field in fields { lines += pane.fieldLines(field, labelWidth: labelWidth).map(\.spans) }
            if shown.cut { lines.append([Span("… more output not shown (at most \(JQRun.maxOutputs) outputs, \(JQRun.maxOutputBytes >> 20) MiB)", Style(dim: true))]) }
        } else {
            lines.append([Span("running jq…", Style(dim: true))])
        }
        for (index, spans) in lines.prefix(rect.height).enumerated() {
            screen.draw(spans, row: rect.top + index, column: left, width: width)
        }
    }

    /// The footer: `jq: PROGRAM█`, then jq's message when the text as typed fails.
    static func drawPrompt(_ filter: PaneFilter, width: Int, row: Int, into screen: any Screen) {
        let label = filter.running != nil ? "jq (running): " : "jq: "
        guard let error = filter.error else {
            return FooterView.drawPrompt(text: filter.text, label: label, width: width, row: row, into: screen)
        }
        let text = DisplayWidth.tail(filter.text, in: max(1, width / 2))
        screen.draw([Span(label, Style(bold: true)), Span(text), Span("█", Style(dim: true)), Span("  "),
                     Span(error, Style(foreground: .red))], row: row, column: 0, width: width)
    }
}
