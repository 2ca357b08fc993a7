/// The `f` form, framed over the grid: one row per filter, the focused one marked, choice
/// fields as `‹ Dead ›`, text fields with a cursor block.
public enum FilterFormView {
    public static func draw(_ form: FilterForm, in body: Rect, into screen: any Screen) {
        let width = min(body.width - 2, 52)
        let height = min(body.height, form.fields.count + 4)
        guard width > 12, height > 3 else { return }
        let top = body.top + max(0, (body.height - height) / 3)
        let left = body.left + (body.width - width) / 2
        let frame = Style(bold: true)
        let title = " filters · \(form.title) "
        screen.put("┌" + DisplayWidth.truncate(title + String(repeating: "─", count: max(0, width - 2 - DisplayWidth.of(title))), to: width - 2) + "┐",
                   row: top, column: left, style: frame)
        for row in (top + 1)..<(top + height - 1) {
            screen.put("│" + String(repeating: " ", count: width - 2) + "│", row: row, column: left, style: frame)
        }
        for (i, field) in form.fields.enumerated() where top + 2 + i < top + height - 1 {
            let focused = i == form.focus
            let value: [Span]
            if field.choices != nil {
                value = [Span("‹ " + form.display(i) + " ›", Style(foreground: .cyan, reverse: focused))]
            } else {
                let text = form.values[i]
                // The focused field keeps its end, where the cursor is, in view.
                let room = width - 3 - 2 - 11 - 1
                let shown = text.isEmpty && !focused ? (field.example.map { "e.g. " + $0 } ?? "any")
                    : focused ? DisplayWidth.tail(text, in: room) : text
                value = [Span(shown, Style(dim: text.isEmpty && !focused, reverse: focused))] + (focused ? [Span("█", Style(dim: true))] : [])
            }
            let marker = Span(focused ? "› " : "  ", Style(bold: true))
            screen.draw([marker, Span(DisplayWidth.pad(field.label, to: 11), Style(dim: !focused))] + value,
                        row: top + 2 + i, column: left + 1, width: width - 3)
        }
        screen.put("└" + String(repeating: "─", count: width - 2) + "┘", row: top + height - 1, column: left, style: frame)
    }
}
