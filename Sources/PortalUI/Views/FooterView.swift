/// The bottom line: key hints from the command table, or the search prompt while typing.
public enum FooterView {
    /// The hints of `context`, less those of commands the source has no use for (`hidden`).
    public static func drawHints(for context: CommandContext, hiding hidden: Set<Command> = [], width: Int, row: Int, into screen: any Screen) {
        screen.draw(" " + CommandTable.hints(for: context, excluding: hidden), row: row, column: 0, width: width, style: Style(dim: true))
    }

    public static func drawPrompt(_ prompt: SearchPrompt, label: String = "search name: ", width: Int, row: Int, into screen: any Screen) {
        // Keep the end of a long query in view, with the cursor block after it.
        var text = prompt.text
        let room = width - DisplayWidth.of(label) - 2
        while DisplayWidth.of(text) > room, !text.isEmpty { text.removeFirst() }
        screen.draw([Span(label, Style(bold: true)), Span(text), Span("█", Style(dim: true))], row: row, column: 0, width: width)
    }
}
