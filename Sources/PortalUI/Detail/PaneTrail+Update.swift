/// The trail's own update: a command of the detail context moves, folds, follows or
/// closes panes, and returns the cancels of work no longer wanted and whether the grid
/// must be laid out again (the last pane closed). What a pane needs from the network is
/// the planner's to ask for afterwards.
extension PaneTrail {
    /// What a command changed, for the root.
    struct Outcome {
        var effects: [Effect] = []
        /// The pane closed or opened beside the grid: the grid is laid out again.
        var relayout = false
        /// A pane was popped with others left: the one shown again keeps its scroll in its rows.
        var clamp = false
        /// Whether the trail took the command.
        var handled = true

        static let ignored = Outcome(handled: false)
    }

    /// `rows`: the pane's rows on screen; `fresh` hands out a new pane address (Enter on a
    /// link, `r` on a failed item).
    func update(_ command: Command, rows: Int, fresh: () -> PaneAddress) -> Outcome {
        let pane = top
        switch command {
        case .linkDown: pane?.linkDown(viewRows: rows)
        case .linkUp: pane?.linkUp(viewRows: rows)
        case .followLink:
            if let pane, pane.highlightFolds { pane.toggleFold(viewRows: rows) } else { follow(at: fresh()) }
        case .unfold: pane?.unfold(viewRows: rows)
        case .fold: pane?.fold(viewRows: rows)
        case .detailPageDown: pane?.scroll(by: max(1, rows - 1), viewRows: rows)
        case .detailPageUp: pane?.scroll(by: -max(1, rows - 1), viewRows: rows)
        case .detailTop: pane?.scroll(toEnd: false, viewRows: rows)
        case .detailBottom: pane?.scrollToBottom(viewRows: rows)
        case .detailRetry: return Outcome(effects: retry(freshAddress: fresh()))
        case .back:
            // Esc while the pane's list walks to its end stops the walk, as in the grid.
            if pane?.stopListWalk() == true { return Outcome() }
            let effects = back()
            return Outcome(effects: effects, relayout: panes.isEmpty, clamp: !panes.isEmpty)
        case .closeDetail: return Outcome(effects: closeAll(), relayout: true)
        default: return .ignored
        }
        return Outcome()
    }
}
