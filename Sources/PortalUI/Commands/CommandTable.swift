/// The one table of key bindings. It drives key dispatch, the `?` help overlay, the
/// footer hints and docs/keys.md, so none of them can disagree — for the grid, the detail
/// pane and its links, the search prompt and the filter form alike.
public enum CommandTable {
    public static let bindings: [KeyBinding] = [
        KeyBinding(.moveUp, .grid, [.up, .character("k")], "↑ k", "up a row", hint: "↑↓←→ move"),
        KeyBinding(.moveDown, .grid, [.down, .character("j")], "↓ j", "down a row"),
        KeyBinding(.moveLeft, .grid, [.left, .character("h")], "← h", "previous card (table: column)"),
        KeyBinding(.moveRight, .grid, [.right, .character("l")], "→ l", "next card (table: column)"),
        KeyBinding(.pageDown, .grid, [.pageDown, .control("f")], "PgDn ^F", "down a screen"),
        KeyBinding(.pageUp, .grid, [.pageUp, .control("b")], "PgUp ^B", "up a screen"),
        KeyBinding(.halfPageDown, .grid, [.control("d")], "^D", "down half a screen"),
        KeyBinding(.halfPageUp, .grid, [.control("u")], "^U", "up half a screen"),
        KeyBinding(.first, .grid, [.home, .character("g")], "Home g", "first card"),
        KeyBinding(.last, .grid, [.end, .character("G")], "End G", "last card (walks there if the list cannot jump)"),
        KeyBinding(.stopWalk, .grid, [.escape], "Esc", "stop walking to the end"),
        KeyBinding(.wheelDown, .grid, [.wheelDown], "wheel", "scroll 3 rows"),
        KeyBinding(.wheelUp, .grid, [.wheelUp], "", ""),
        KeyBinding(.open, .grid, [.enter], "Enter", "open details", hint: "Enter open"),
        KeyBinding(.retry, .grid, [.character("r")], "r", "retry a failed page"),
        KeyBinding(.togglePictures, .grid, [.character("p")], "p", "pictures on cards on or off"),
        KeyBinding(.quit, .grid, [.character("q")], "q", "quit", hint: "q quit"),
        KeyBinding(.goToCard, .grid, [.character(":")], ": N Enter", "go to card N, e.g. :500000", hint: ": go to"),
        KeyBinding(.toggleTable, .grid, [.character("t")], "t", "table or cards (each tab keeps its choice; ←→ pick a column)"),
        KeyBinding(.sortByColumn, .grid, [.character("s")], "s", "sort on the server by the selected column (again: the server's own order)"),
        KeyBinding(.sortReverse, .grid, [.character("S")], "S", "sort the other way round"),

        KeyBinding(.linkDown, .detail, [.down, .character("j"), .wheelDown], "↓ j", "next link or node (scrolls)", hint: "↑↓ links"),
        KeyBinding(.linkUp, .detail, [.up, .character("k"), .wheelUp], "↑ k", "previous link or node (scrolls)"),
        KeyBinding(.followLink, .detail, [.enter], "Enter", "follow the link (on a node: fold / unfold)", hint: "Enter follow"),
        KeyBinding(.unfold, .detail, [.right, .character("l")], "→ l", "unfold the node (a cut array: all of it)"),
        KeyBinding(.fold, .detail, [.left, .character("h")], "← h", "fold the node (on a value: the one it is in)"),
        KeyBinding(.detailPageDown, .detail, [.pageDown, .control("f"), .control("d"), .character(" ")], "PgDn ^F", "down a screen"),
        KeyBinding(.detailPageUp, .detail, [.pageUp, .control("b"), .control("u")], "PgUp ^B", "up a screen"),
        KeyBinding(.detailTop, .detail, [.home, .character("g")], "Home g", "top"),
        KeyBinding(.detailBottom, .detail, [.end, .character("G")], "End G", "bottom (walks a list that cannot jump)"),
        KeyBinding(.detailRetry, .detail, [.character("r")], "r", "retry what failed in the pane"),
        KeyBinding(.back, .detail, [.escape, .backspace], "Esc ⌫", "back (closes the first pane); stops a walk", hint: "Esc back"),
        KeyBinding(.closeDetail, .detail, [.character("q")], "q", "close the pane and its trail"),
        KeyBinding(.filterPane, .detail, [.character("|")], "|", "filter the item with a jq program, live (Esc: as it was)"),

        KeyBinding(.search, .both, [.character("/")], "/", "search by name (the list starts over)", hint: "/ search"),
        KeyBinding(.filter, .both, [.character("f")], "f", "filter the list (the API's own filters)", hint: "f filter"),
        KeyBinding(.tab1, .both, [.character("1")], "1 … 9", "show tab 1 to 9 (each keeps its list; Tab reaches the rest)", hint: "1-9 tabs"),
        KeyBinding(.tab2, .both, [.character("2")], "", ""),
        KeyBinding(.tab3, .both, [.character("3")], "", ""),
        KeyBinding(.tab4, .both, [.character("4")], "", ""),
        KeyBinding(.tab5, .both, [.character("5")], "", ""),
        KeyBinding(.tab6, .both, [.character("6")], "", ""),
        KeyBinding(.tab7, .both, [.character("7")], "", ""),
        KeyBinding(.tab8, .both, [.character("8")], "", ""),
        KeyBinding(.tab9, .both, [.character("9")], "", ""),
        KeyBinding(.nextTab, .both, [.tab], "Tab", "next tab"),
        KeyBinding(.previousTab, .both, [.backTab], "Shift-Tab", "previous tab"),
        KeyBinding(.refresh, .both, [.character("R")], "R", "refresh: the list from the top, keeping the selection (in a pane: the item)"),
        KeyBinding(.toggleHelp, .both, [.character("?")], "?", "this help", hint: "? help"),
        KeyBinding(.copyItem, .both, [.character("y")], "y", "copy the item as JSON (OSC 52 clipboard)"),
        KeyBinding(.copyURL, .both, [.character("Y")], "Y", "copy the item's URL"),
        KeyBinding(.openPage, .both, [.character("o")], "o", "open the item's web page ($BROWSER or xdg-open)"),
        KeyBinding(.toggleWatch, .both, [.character("w")], "w", "watch the list: its first page again every 30 s (--watch), new items marked"),

        // The terminal loop asks the table for these before the app sees a key, so that no
        // UI state can swallow a way out.
        KeyBinding(.forceQuit, .anywhere, [.control("c")], "^C", "quit at once, restoring the terminal"),
        KeyBinding(.suspend, .anywhere, [.control("z")], "^Z", "suspend (fg resumes)"),

        KeyBinding(.submit, .search, [.enter], "Enter", "search the server by name; empty restores the list", hint: "Enter search"),
        KeyBinding(.cancel, .search, [.escape], "Esc", "cancel, keeping the list", hint: "Esc cancel"),
        KeyBinding(.deleteCharacter, .search, [.backspace, .delete], "⌫", "delete the last character"),
        KeyBinding(.clearText, .search, [.control("u")], "^U", "clear the text"),
        KeyBinding(.typeText, .search, [], "text", "types into the search", takesText: true),

        KeyBinding(.submit, .goTo, [.enter], "Enter", "go to that card (empty: stay)", hint: "Enter go"),
        KeyBinding(.cancel, .goTo, [.escape], "Esc", "cancel", hint: "Esc cancel"),
        KeyBinding(.deleteCharacter, .goTo, [.backspace, .delete], "⌫", "delete the last digit"),
        KeyBinding(.clearText, .goTo, [.control("u")], "^U", "clear the number"),
        KeyBinding(.typeText, .goTo, [], "0-9", "the card's number (1 is the first; , _ and spaces are ignored)", takesText: true),

        KeyBinding(.submit, .paneFilter, [.enter], "Enter", "run the program now (it also runs as you pause typing)", hint: "Enter run"),
        KeyBinding(.cancel, .paneFilter, [.escape], "Esc", "close; the pane as it was", hint: "Esc close"),
        KeyBinding(.deleteCharacter, .paneFilter, [.backspace, .delete], "⌫", "delete the last character"),
        KeyBinding(.clearText, .paneFilter, [.control("u")], "^U", "clear the program"),
        KeyBinding(.typeText, .paneFilter, [], "text", "the jq program, e.g. .episode | length", takesText: true),

        KeyBinding(.nextField, .filters, [.down, .tab], "↓ Tab", "next field", hint: "↑↓ field"),
        KeyBinding(.previousField, .filters, [.up, .backTab], "↑ Shift-Tab", "previous field"),
        KeyBinding(.nextChoice, .filters, [.right], "→", "next choice (status, gender)", hint: "←→ choose"),
        KeyBinding(.previousChoice, .filters, [.left], "←", "previous choice"),
        KeyBinding(.deleteCharacter, .filters, [.backspace, .delete], "⌫", "delete a character (or the choice)"),
        KeyBinding(.clearText, .filters, [.control("u")], "^U", "clear this field"),
        KeyBinding(.clearFilters, .filters, [.control("x")], "^X", "clear every filter and apply", hint: "^X clear all"),
        KeyBinding(.submit, .filters, [.enter], "Enter", "apply the filters (the list starts over)", hint: "Enter apply"),
        KeyBinding(.cancel, .filters, [.escape], "Esc", "close without changing the list", hint: "Esc cancel"),
        KeyBinding(.typeText, .filters, [], "text", "types into a text field", takesText: true),

        KeyBinding(.scrollHelpDown, .help, [.down, .character("j"), .pageDown, .character(" "), .wheelDown], "↓ PgDn", "scroll this help", hint: "↑↓ scroll"),
        KeyBinding(.scrollHelpUp, .help, [.up, .character("k"), .pageUp, .wheelUp], "↑ PgUp", "scroll back"),
        KeyBinding(.closeHelp, .help, [.escape, .backspace, .character("q"), .character("?")], "Esc ?", "close help", hint: "Esc close"),
    ]

    /// The command `key` means in `context`, if any: a key bound in the context, else
    /// typed text where the context takes it. `anywhere` rows (Ctrl-C, Ctrl-Z) apply in
    /// every context; ask for `.anywhere` itself to get only those.
    public static func command(for key: KeyInput, in context: CommandContext) -> Command? {
        guard let lookup = lookups[context] else { return nil }
        if let bound = lookup.byKey[key] { return bound }
        if case .character = key { return lookup.text }
        return nil
    }

    /// What each context's keys mean, read once from `bindings`: the first row that binds
    /// a key wins, as in table order; `text` is the first row that takes typed text.
    private struct Lookup {
        var byKey: [KeyInput: Command] = [:]
        var text: Command?
    }

    private static let lookups: [CommandContext: Lookup] = Dictionary(uniqueKeysWithValues: CommandContext.allCases.map { context in
        var lookup = Lookup()
        for binding in bindings(in: context) {
            for key in binding.keys where lookup.byKey[key] == nil { lookup.byKey[key] = binding.command }
            if binding.takesText, lookup.text == nil { lookup.text = binding.command }
        }
        return (context, lookup)
    })

    /// The bindings that apply in `context`, in table order.
    public static func bindings(in context: CommandContext) -> [KeyBinding] {
        bindings.filter { $0.context.applies(in: context) }
    }

    /// The footer hints for `context`, e.g. "↑↓←→ move  Enter open  / search  ? help  q quit".
    /// Given `tabCount`, the tab keys' hint names the real range ("1-2 tabs"), and past
    /// nine tabs the key that reaches the others ("1-9 Tab tabs").
    public static func hints(for context: CommandContext, excluding hidden: Set<Command> = [], tabCount: Int? = nil) -> String {
        bindings(in: context).filter { !hidden.contains($0.command) }.compactMap { binding in
            guard binding.command == .tab1, let tabCount else { return binding.hint }
            return tabKeysHint(tabCount: tabCount)
        }.joined(separator: "  ")
    }

    /// "1-N tabs" for the keys `1`…`9` that reach the tabs; nil with one tab (nothing to reach).
    static func tabKeysHint(tabCount: Int) -> String? {
        switch tabCount {
        case ..<2: nil
        case 2...9: "1-\(tabCount) tabs"
        default: "1-9 Tab tabs"
        }
    }

    /// The help overlay's sections: a title and the documented bindings of each context.
    public static var helpSections: [(title: String, bindings: [KeyBinding])] {
        let documented = bindings.filter { !$0.keyLabel.isEmpty }
        return [
            ("Grid", documented.filter { $0.context == .grid }),
            ("Details and links", documented.filter { $0.context == .detail }),
            ("Grid and details", documented.filter { $0.context == .both }),
            ("Anywhere", documented.filter { $0.context == .anywhere }),
            ("Search prompt (/)", documented.filter { $0.context == .search }),
            ("Go to card (:)", documented.filter { $0.context == .goTo }),
            ("Filter form (f)", documented.filter { $0.context == .filters }),
            ("jq in a pane (|)", documented.filter { $0.context == .paneFilter }),
            ("Help", documented.filter { $0.context == .help }),
        ]
    }
}
