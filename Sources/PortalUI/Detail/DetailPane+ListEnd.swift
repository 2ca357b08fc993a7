import PortalCore

/// End in a pane, as the grid's End: on a linked list that cannot jump (cursors, `next`
/// links, or pages by number without a total) the list walks to its end —
/// `SparseList.startWalk`, which finds the end by probes where pages are addressable and
/// otherwise asks the next page whatever the pane's screen, with the grid's guard — and the
/// highlight follows the end as pages arrive. Another key leaves the highlight where the
/// user puts it (the walk goes on); Esc stops the walk (a page on its way still arrives).
extension DetailPane {
    /// End / G: the bottom of the pane; on a linked list that cannot jump, its walk to the end.
    func scrollToBottom(viewRows: Int) {
        if let list, list.entries.startWalk() { list.followsEnd = true }
        if list?.followsEnd == true {
            highlightEnd(viewRows: viewRows)
        } else {
            scroll(toEnd: true, viewRows: viewRows)
        }
    }

    /// Esc while the linked list walks to its end: the walk stops (true: Esc did that and
    /// nothing else); false when nothing walks, and Esc goes back.
    func stopListWalk() -> Bool {
        guard let list, list.entries.isWalking else { return false }
        list.entries.stopWalk()
        list.followsEnd = false
        cached = nil  // the line under the entries says where the list stands now
        return true
    }

    /// A key other than End: the highlight no longer follows the list's end.
    func stopFollowingListEnd() {
        list?.followsEnd = false
    }

    /// The bottom of the pane with the highlight on its last stop (a page arrived while
    /// End follows the list's end).
    func highlightEnd(viewRows: Int) {
        scroll = clamp(Int.max / 2, viewRows: viewRows)
        if !stops.isEmpty { highlight = stops.count - 1 }
    }
}
