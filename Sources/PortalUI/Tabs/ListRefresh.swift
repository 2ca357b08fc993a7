import PortalCore

/// `R` on a tab's list, beside the controller: the list is asked again from the top
/// (`SparseList.refresh`, every request revalidating through the caches) and the
/// selection stays on the item it was on, wherever that item turns out to be now.
///
/// The item is pinned by id when `R` is pressed; after each page of the refresh the
/// selection follows it to its new index (rows added or removed above it move it). The
/// pin is let go when the refresh is over, or as soon as the user moves the selection
/// themselves — a refresh never takes it back from them.
@MainActor
struct ListRefresh {
    /// The item the selection is kept on.
    let id: ItemKey
    /// Where the selection was last put; any other selection means the user moved.
    var index: Int

    /// Starts refreshing `tab`'s list; returns the pin for its selection, if any.
    static func begin(_ tab: TabState) -> ListRefresh? {
        let pin = tab.grid.selection.flatMap { index in tab.list.item(at: index).map { ListRefresh(id: $0.id, index: index) } }
        tab.list.refresh()
        return pin
    }

    /// After a page arrived: moves the selection to the pinned item's index; nil once the
    /// pin is let go.
    func follow(_ tab: TabState) -> ListRefresh? {
        guard tab.grid.selection == index else { return nil }
        var next = self
        if let now = tab.list.index(ofID: id), now != index {
            tab.grid.state.select(now)
            next.index = tab.grid.selection ?? now
        }
        return tab.list.isRefreshing ? next : nil
    }
}
