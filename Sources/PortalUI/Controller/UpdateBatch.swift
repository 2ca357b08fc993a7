/// What the events of one batch leave for its planning step: the effects they made that
/// are not fetches (cancels, timers, runs, quit), and the tabs other than the active one an
/// event changed (a page or a pane's answer arrived for them, `r`), planned with it.
struct UpdateBatch {
    var effects: [Effect] = []
    var touchedTabs: Set<Int> = []
    /// A frame found a palette that changes what cards show: the next update lays out and
    /// plans for it (a frame itself changes neither).
    var planOwed = false

    /// The effects and touched tabs so far, handed to the planning step and forgotten.
    mutating func take() -> (effects: [Effect], touched: Set<Int>) {
        defer {
            effects = []
            touchedTabs = []
            planOwed = false
        }
        return (effects, touchedTabs)
    }
}
