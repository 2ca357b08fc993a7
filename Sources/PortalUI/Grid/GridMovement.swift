/// A way of moving the selection (or the view) around the grid; keys map to these through
/// the command table, so the grid never sees a key.
public enum GridMovement: Sendable, Hashable, CaseIterable {
    case left, right, up, down
    /// A screenful (PgUp/PgDn, Ctrl-b/Ctrl-f).
    case pageUp, pageDown
    /// Half a screenful (Ctrl-u/Ctrl-d).
    case halfPageUp, halfPageDown
    /// The first card (Home, g).
    case first
    /// The last loaded card, and stay there as pages arrive (End, G): "sticky end".
    case last
    /// The mouse wheel: scrolls the view by `GridState.wheelRows` rows.
    case wheelUp, wheelDown
}
