/// The `/` prompt on the footer line: `search KEY: ` and the text typed, its end in view.
public enum SearchPromptView {
    /// `searchKey`: the parameter the tab's search sets (the label names it).
    public static func draw(_ prompt: SearchPrompt, searchKey: String?, width: Int, row: Int, into screen: any Screen) {
        FooterView.drawPrompt(text: prompt.text, label: "search \(searchKey ?? "name"): ", width: width, row: row, into: screen)
    }
}
