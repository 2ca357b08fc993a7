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
