/// The bottom line: key hints from the command table, or an open prompt's line (each
/// prompt's view draws its own through `drawPrompt`).
public enum FooterView {
    /// The hints of `context`, less those of commands the source has no use for (`hidden`);
    /// the tab keys' hint says how many tabs there are (`tabCount`).
    public static func drawHints(for context: CommandContext, hiding hidden: Set<Command> = [], tabCount: Int? = nil,
                                 width: Int, row: Int, into screen: any Screen) {
        let hints = CommandTable.hints(for: context, excluding: hidden, tabCount: tabCount)
        screen.draw(" " + hints, row: row, column: 0, width: width, style: Style(dim: true))
    }

    /// A prompt line: the label, the text typed so far, and the cursor block after it.
    public static func drawPrompt(text typed: String, label: String, width: Int, row: Int, into screen: any Screen) {
        // Keep the end of a long text in view, with the cursor block after it.
        let text = DisplayWidth.tail(typed, in: width - DisplayWidth.of(label) - 2)
        screen.draw([Span(label, Style(bold: true)), Span(text), Span("█", Style(dim: true))], row: row, column: 0, width: width)
    }
}
