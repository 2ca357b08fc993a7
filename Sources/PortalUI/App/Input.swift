/// One input event, decoded by the terminal layer, independent of ncurses.
public enum KeyInput: Sendable, Hashable {
    /// A printable character (letters, digits, punctuation, non-ASCII letters).
    case character(Character)
    /// Ctrl plus a letter, lowercased (`.control("c")` for Ctrl-C).
    case control(Character)
    case up, down, left, right
    case pageUp, pageDown, home, end
    case enter, escape, backspace, tab, delete
    /// Shift-Tab (ncurses `KEY_BTAB`).
    case backTab
    case function(Int)
    case wheelUp, wheelDown
}

/// Everything that can happen to the UI, in the one form its update function takes.
public enum AppEvent: Sendable {
    /// The loop is ready; the terminal has this size.
    case start(Size)
    case key(KeyInput)
    case resize(Size)
    /// A result (or interim note) of an effect.
    case message(AppMessage)
    /// The terminal answered (`--pictures auto`): pictures are drawn this way from now on.
    case pictures(PictureMode)
}

/// The UI as the terminal loop sees it. One UI thread calls everything here.
///
/// One function takes every event and returns the work it wants done; state changes only
/// there. The loop hands the effects to an `EffectPerformer` (ending on `.quit`) and draws
/// a frame when `needsRedraw` says something changed.
@MainActor
public protocol App: AnyObject {
    func update(_ event: AppEvent) -> [Effect]
    /// Every event that waited at one wake-up, in order, planned once.
    func update(_ events: [AppEvent]) -> [Effect]
    /// True when something changed since the last `render`.
    var needsRedraw: Bool { get }
    func render(into screen: any Screen)
}
