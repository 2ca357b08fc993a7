/// Everything the user can ask for. Keys never reach the view models: the command table
/// turns a key into one of these, for the context the screen is in.
public enum Command: String, Sendable, Hashable, CaseIterable {
    // Grid
    case moveUp, moveDown, moveLeft, moveRight
    case pageUp, pageDown, halfPageUp, halfPageDown
    case first, last, wheelUp, wheelDown
    /// `:` opens the go-to prompt (`:500000` Enter goes to card 500,000).
    case goToCard
    /// Esc while End walks a list that cannot jump: the walk stops.
    case stopWalk
    case open, search, filter, retry, quit
    /// `R`: the list again from the top (in a pane: the item), revalidating through the caches.
    case refresh
    /// `p`: pictures on cards on or off (pictures).
    case togglePictures
    /// `t`: the list as a table or as cards (kept per tab).
    case toggleTable
    /// `s`: the server sorts the list by the selected column (again: its own order back);
    /// `S`: the other way round.
    case sortByColumn, sortReverse
    /// `y`: the selected item (or the pane's) as JSON on the clipboard (OSC 52).
    case copyItem
    /// `Y`: the item's URL on the clipboard.
    case copyURL
    /// `o`: the item's web page in `$BROWSER` / `xdg-open` (http and https only).
    case openPage
    /// `w`: ask for the list's first page again every interval (`--watch`), on or off.
    case toggleWatch
    /// `|` in a pane: a jq program filters the pane's JSON as it is typed.
    case filterPane
    // Tabs (grid and detail)
    case tab1, tab2, tab3, tab4, tab5, tab6, tab7, tab8, tab9
    case nextTab, previousTab
    // Detail pane
    case linkUp, linkDown, followLink
    /// `→ l` / `← h` on a JSON item's tree: the highlighted node opens or folds.
    case unfold, fold
    case detailPageUp, detailPageDown, detailTop, detailBottom
    case detailRetry, back, closeDetail
    // Search prompt, go-to prompt and filter form
    case submit, cancel, deleteCharacter, clearText
    /// A printable character typed into a prompt or a form field.
    case typeText
    case nextField, previousField, nextChoice, previousChoice, clearFilters
    // Anywhere
    case toggleHelp, forceQuit, suspend
    // Help overlay
    case closeHelp, scrollHelpDown, scrollHelpUp

    /// The tab a `tabN` command shows (0-based), nil for other commands.
    public var tabIndex: Int? {
        switch self {
        case .tab1: 0
        case .tab2: 1
        case .tab3: 2
        case .tab4: 3
        case .tab5: 4
        case .tab6: 5
        case .tab7: 6
        case .tab8: 7
        case .tab9: 8
        default: nil
        }
    }
}

/// Where a binding applies: the grid, the detail pane, both, the help overlay, the `/`
/// search prompt, the `:` go-to prompt, the `f` filter form, or anywhere at all.
public enum CommandContext: String, Sendable, Hashable, CaseIterable {
    case grid, detail, both, help, search, goTo, filters, anywhere
    /// The `|` jq prompt over a detail pane.
    case paneFilter

    /// Whether a binding declared for `self` applies when the screen is in `current`.
    /// `both` covers the grid and the detail pane, never a prompt, form or overlay (where
    /// typing a digit must type it); `anywhere` covers every context (Ctrl-C, Ctrl-Z).
    public func applies(in current: CommandContext) -> Bool {
        self == current || self == .anywhere || (self == .both && (current == .grid || current == .detail))
    }
}

/// One row of the command table: a command, its keys, and the words that describe it in
/// the help overlay and (when `hint` is set) the footer.
public struct KeyBinding: Sendable, Hashable {
    public var command: Command
    public var context: CommandContext
    public var keys: [KeyInput]
    /// The keys as shown in help, e.g. "↓ j"; empty keeps the row out of help.
    public var keyLabel: String
    public var help: String
    /// The short footer hint, e.g. "/ search"; nil keeps it out of the footer.
    public var hint: String?
    /// The binding also takes every printable character not bound otherwise (typing into a
    /// prompt or a form field).
    public var takesText: Bool

    public init(_ command: Command, _ context: CommandContext, _ keys: [KeyInput], _ keyLabel: String, _ help: String,
                hint: String? = nil, takesText: Bool = false) {
        self.command = command
        self.context = context
        self.keys = keys
        self.keyLabel = keyLabel
        self.help = help
        self.hint = hint
        self.takesText = takesText
    }
}
