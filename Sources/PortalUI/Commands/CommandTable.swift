/// The one table of key bindings. It drives key dispatch, the `?` help overlay and the
/// footer hints, so the three can never disagree.
public enum CommandTable {
    public static let bindings: [KeyBinding] = [
        KeyBinding(.moveUp, .grid, [.up, .character("k")], "↑ k", "up a row", hint: "↑↓←→ move"),
        KeyBinding(.moveDown, .grid, [.down, .character("j")], "↓ j", "down a row"),
        KeyBinding(.moveLeft, .grid, [.left, .character("h")], "← h", "previous card"),
        KeyBinding(.moveRight, .grid, [.right, .character("l")], "→ l", "next card"),
        KeyBinding(.pageDown, .grid, [.pageDown, .control("f")], "PgDn ^F", "down a screen"),
        KeyBinding(.pageUp, .grid, [.pageUp, .control("b")], "PgUp ^B", "up a screen"),
        KeyBinding(.halfPageDown, .grid, [.control("d")], "^D", "down half a screen"),
        KeyBinding(.halfPageUp, .grid, [.control("u")], "^U", "up half a screen"),
        KeyBinding(.first, .grid, [.home, .character("g")], "Home g", "first card"),
        KeyBinding(.last, .grid, [.end, .character("G")], "End G", "last card, keep loading"),
        KeyBinding(.wheelDown, .grid, [.wheelDown], "wheel", "scroll 3 rows"),
        KeyBinding(.wheelUp, .grid, [.wheelUp], "", ""),
        KeyBinding(.open, .grid, [.enter], "Enter", "open details", hint: "Enter open"),
        KeyBinding(.search, .grid, [.character("/")], "/", "search by name", hint: "/ search"),
        KeyBinding(.retry, .grid, [.character("r")], "r", "retry a failed page", hint: "r retry"),
        KeyBinding(.quit, .grid, [.character("q")], "q", "quit", hint: "q quit"),

        KeyBinding(.detailDown, .detail, [.down, .character("j"), .wheelDown], "↓ j", "scroll down", hint: "↑↓ scroll"),
        KeyBinding(.detailUp, .detail, [.up, .character("k"), .wheelUp], "↑ k", "scroll up"),
        KeyBinding(.detailPageDown, .detail, [.pageDown, .control("f"), .control("d"), .character(" ")], "PgDn ^F", "down a screen"),
        KeyBinding(.detailPageUp, .detail, [.pageUp, .control("b"), .control("u")], "PgUp ^B", "up a screen"),
        KeyBinding(.detailTop, .detail, [.home, .character("g")], "Home g", "top"),
        KeyBinding(.detailBottom, .detail, [.end, .character("G")], "End G", "bottom"),
        KeyBinding(.detailRetry, .detail, [.character("r")], "r", "retry episodes", hint: "r retry"),
        KeyBinding(.closeDetail, .detail, [.escape, .backspace, .character("q")], "Esc ⌫ q", "close details", hint: "Esc back"),

        KeyBinding(.toggleHelp, .both, [.character("?")], "?", "this help", hint: "? help"),
        KeyBinding(.forceQuit, .both, [.control("c")], "^C", "quit at once"),

        KeyBinding(.closeHelp, .help, [.escape, .backspace, .character("q"), .character("?")], "Esc ?", "close help", hint: "Esc close"),
    ]

    /// The command `key` means in `context`, if any. Ctrl-C quits everywhere.
    public static func command(for key: KeyInput, in context: CommandContext) -> Command? {
        if key == .control("c") { return .forceQuit }
        return bindings.first { $0.context.applies(in: context) && $0.keys.contains(key) }?.command
    }

    /// The bindings that apply in `context`, in table order.
    public static func bindings(in context: CommandContext) -> [KeyBinding] {
        bindings.filter { $0.context.applies(in: context) }
    }

    /// The footer hints for `context`, e.g. "↑↓←→ move  Enter open  / search  ? help  q quit".
    public static func hints(for context: CommandContext) -> String {
        bindings(in: context).compactMap(\.hint).joined(separator: "  ")
    }

    /// The help overlay's sections: a title and the documented bindings of each context.
    public static var helpSections: [(title: String, bindings: [KeyBinding])] {
        let documented = bindings.filter { !$0.keyLabel.isEmpty }
        return [
            ("Grid", documented.filter { $0.context == .grid }),
            ("Details", documented.filter { $0.context == .detail }),
            ("Anywhere", documented.filter { $0.context == .both }),
        ]
    }
}
