import Foundation
import PortalCore

/// What the status line, the grid's note, the footer and the breadcrumb say, read from
/// the active tab (`StatusText` words it).
extension ScreenController {
    /// The status line: the list's counts and state, its sort (`sorted name ↑`) and what
    /// the last `s` found, then the watch and what y / Y / o said (Watch/).
    public var listStatus: ListStatus {
        var status = StatusText.listStatus(of: tab, requests: planner.pageRequestCount)
        // A rate limit is said when it matters: few requests left (`rate 12 left · resets 14:05`).
        let rate = rateNote  // (+Rates)
        let notes = [liveNote, status.note, rate, tab.originNote, tab.query.sort.map { "sorted \($0)" }, tab.sortNote].compactMap { $0 }
        status.note = notes.isEmpty ? nil : notes.joined(separator: " · ")
        return withNotes(status)  // the watch and what y / Y / o said (Watch/)
    }

    public var gridNote: GridNote { StatusText.gridNote(of: tab) }

    /// Commands that do nothing for this source or tab: the footer does not offer them.
    public var unavailableCommands: Set<Command> { StatusText.unavailableCommands(in: tab, tabCount: tabs.count) }

    /// The trail of the active tab's panes, for the breadcrumb.
    public var breadcrumb: [String] { tab.trail.crumbs }
}
