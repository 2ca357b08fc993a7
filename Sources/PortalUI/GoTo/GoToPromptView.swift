/// The `:` prompt on the footer line: `go to card (1–826): ` and the number typed.
public enum GoToPromptView {
    /// `count`: the cards the list has (0: not known yet, no range is said).
    public static func draw(_ prompt: GoToPrompt, count: Int, width: Int, row: Int, into screen: any Screen) {
        let of = count > 0 ? " (1–\(Grouped.text(count)))" : ""
        FooterView.drawPrompt(text: prompt.text, label: "go to card\(of): ", width: width, row: row, into: screen)
    }
}
