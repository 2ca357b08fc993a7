/// The `?` overlay: whether it is open and how far its list of keys is scrolled. Its
/// commands (`?`, Esc, the scroll keys) come through `update`; it asks for nothing.
public struct HelpOverlay: Sendable, Equatable {
    public private(set) var isShown = false
    public private(set) var scroll = 0

    public init() {}

    /// One command of the help context (or `?` anywhere); `rows` is the screen's height
    /// (a scroll moves half of it).
    public mutating func update(_ command: Command, rows: Int) {
        switch command {
        case .toggleHelp:
            isShown.toggle()
            scroll = 0
        case .closeHelp: isShown = false
        case .scrollHelpDown: scroll += max(1, rows / 2)
        case .scrollHelpUp: scroll = max(0, scroll - max(1, rows / 2))
        default: break
        }
    }
}

extension ScreenController {
    /// Whether the `?` overlay is open.
    public var showsHelp: Bool { help.isShown }
}
