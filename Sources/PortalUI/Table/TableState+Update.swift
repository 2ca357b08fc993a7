/// The table's own update: `t` shows or hides it, ←/→ move the selected column while it
/// is shown, `s`/`S` ask the root to sort by that column (the server sorts: the list
/// starts over, and its first page is the planner's to ask for).
extension TableState {
    /// What a command asks of the root.
    public enum Outcome: Sendable, Equatable {
        /// Not the table's: the command goes on (←/→ move the cards while it is hidden).
        case ignored
        /// Changed in place (a column selected).
        case changed
        /// Shown or hidden: the grid is laid out again.
        case toggled
        /// Sort by the selected column (`S`: the other way round).
        case sort(reversing: Bool)
    }

    public mutating func update(_ command: Command) -> Outcome {
        switch command {
        case .toggleTable:
            isShown.toggle()
            return .toggled
        case .moveLeft, .moveRight:
            guard isShown else { return .ignored }
            moveColumn(by: command == .moveLeft ? -1 : 1)
            return .changed
        case .sortByColumn: return .sort(reversing: false)
        case .sortReverse: return .sort(reversing: true)
        default: return .ignored
        }
    }
}
