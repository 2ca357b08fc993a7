/// Everything the user can ask for. Keys never reach the view models: the command table
/// turns a key into one of these, for the context the screen is in.
public enum Command: String, Sendable, Hashable, CaseIterable {
    // Grid
    case moveUp, moveDown, moveLeft, moveRight
    case pageUp, pageDown, halfPageUp, halfPageDown
    case first, last, wheelUp, wheelDown
    case open, search, retry, quit
    // Detail pane
    case detailUp, detailDown, detailPageUp, detailPageDown, detailTop, detailBottom
    case detailRetry, closeDetail
    // Anywhere
    case toggleHelp, forceQuit
    // Help overlay
    case closeHelp
}

/// Where a binding applies: the grid, the detail pane, both, or the help overlay.
public enum CommandContext: String, Sendable, Hashable, CaseIterable {
    case grid, detail, both, help

    /// Whether a binding declared for `self` applies when the screen is in `current`.
    public func applies(in current: CommandContext) -> Bool {
        self == current || (self == .both && current != .help)
    }
}

/// One row of the command table: a command, its keys, and the words that describe it in
/// the help overlay and (when `hint` is set) the footer.
public struct KeyBinding: Sendable, Hashable {
    public var command: Command
    public var context: CommandContext
    public var keys: [KeyInput]
    /// The keys as shown in help, e.g. "↓ j".
    public var keyLabel: String
    public var help: String
    /// The short footer hint, e.g. "/ search"; nil keeps it out of the footer.
    public var hint: String?

    public init(_ command: Command, _ context: CommandContext, _ keys: [KeyInput], _ keyLabel: String, _ help: String, hint: String? = nil) {
        self.command = command
        self.context = context
        self.keys = keys
        self.keyLabel = keyLabel
        self.help = help
        self.hint = hint
    }
}
