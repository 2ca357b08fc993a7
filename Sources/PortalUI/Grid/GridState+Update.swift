/// The grid's own update: a command of the grid's context moves the selection or the
/// view, and the outcome says what the root does besides (the list walks to its end or
/// stops, the selected card opens) and whether the viewport jumped (the prefetch
/// distance starts from rest). Pages are the planner's to ask for afterwards.
extension GridState {
    /// What a command asks of the root beyond the move.
    public enum Outcome: Sendable, Equatable {
        /// Not a grid command: nothing changed.
        case ignored
        /// The selection or the view moved by a scroll.
        case moved
        /// The selection jumped (Home).
        case jumped
        /// End: the last loaded card, following the end; the list walks to its end.
        case walkToEnd
        /// Esc on a walk: the list stops walking.
        case stopWalk
        /// Enter: open the selected card.
        case open
    }

    /// The movement a command makes, if it is one.
    static func movement(for command: Command) -> GridMovement? {
        switch command {
        case .moveUp: .up
        case .moveDown: .down
        case .moveLeft: .left
        case .moveRight: .right
        case .pageUp: .pageUp
        case .pageDown: .pageDown
        case .halfPageUp: .halfPageUp
        case .halfPageDown: .halfPageDown
        case .wheelUp: .wheelUp
        case .wheelDown: .wheelDown
        case .first: .first
        case .last: .last
        default: nil
        }
    }

    public mutating func update(_ command: Command) -> Outcome {
        if let movement = Self.movement(for: command) {
            move(movement)
            return switch movement {
            case .first: .jumped
            case .last: .walkToEnd
            default: .moved
            }
        }
        switch command {
        case .stopWalk:
            stopFollowingEnd()
            return .stopWalk
        case .open: return selection == nil ? .ignored : .open
        default: return .ignored
        }
    }
}
