import Foundation
import PortalCore

/// The pane's jq prompt (`PaneFilter`, with its own update) beside the root: whether it
/// shows, and opening it on the pane on screen. Keys and answers are routed to it.
extension ScreenController {
    /// Whether the `|` prompt is open on the pane on screen.
    public var paneFilterShown: Bool {
        paneFilter.isActive && pane != nil && pane?.address == paneFilter.pane
    }

    /// `|`: the prompt opens on the pane's item and runs `.` at once (the item whole).
    func beginPaneFilter() {
        guard let pane, let item = pane.item else { return say("nothing to filter yet") }
        let (filter, effects) = PaneFilter.opened(on: pane.address, input: Data(itemJSON(item).utf8), after: paneFilter)
        paneFilter = filter
        emit(effects)
    }
}
