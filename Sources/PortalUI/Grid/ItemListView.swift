import PortalCore
import PortalPaging

/// Told by a list view when an item is opened — the second link of the selection chain.
@MainActor
public protocol ItemListViewDelegate: AnyObject {
    func itemListView(_ view: ItemListView, didOpen item: Item)
}

/// One tab's list on screen: it owns the grid view model, reads the slots the grid counts
/// (items and placeholders), and turns the grid's index-based selection into an item.
///
/// This is the middle link of the original app's delegate chain — grid view model →
/// (delegate) item list view → (delegate) screen controller — kept visible on purpose and
/// for selection only: the grid knows geometry, the list knows items, the controller
/// opens the pane. Page loading does not travel this chain: the controller's planner
/// reads the grid's state after every event.
@MainActor
public final class ItemListView: GridViewModelDelegate {
    public let grid = GridViewModel()
    public weak var delegate: (any ItemListViewDelegate)?
    /// The tab this list belongs to, so the controller knows which list asked.
    public let tab: Int
    /// The one owner of the items; read, never copied (a million-row list holds only a
    /// bounded number of pages, and a copy of its slots would defeat that).
    public let list: SparseList<Item>

    public init(tab: Int, list: SparseList<Item>) {
        self.tab = tab
        self.list = list
        grid.delegate = self
    }

    /// The item or placeholder at `index`.
    public func slot(at index: Int) -> SparseSlot<Item> { list.slot(at: index) }

    /// The loaded items in index order (placeholders skipped). Walks every index: for
    /// tests and small lists, never for drawing.
    public var loadedItems: [Item] { (0..<list.count).compactMap { list.item(at: $0) } }

    /// Folds one list change in: the list already holds it; the grid's count follows in
    /// the same step (a page of an addressable list only replaces placeholders, so nothing
    /// moves).
    public func apply(_ change: SparseChange) {
        switch change {
        case .appended(let range):
            grid.state.didInsert(range)
        case .loaded:
            grid.state.setItemCount(list.count)
        case .failed, .ignored:
            break
        }
    }

    /// Empties the list for a new search or filter (the list was reset).
    public func reset() {
        grid.state.reset()
    }

    public var selectedItem: Item? {
        grid.selection.flatMap { list.item(at: $0) }
    }

    // MARK: GridViewModelDelegate

    public func gridViewModel(_ grid: GridViewModel, didActivate index: Int) {
        guard let item = list.item(at: index) else { return }
        delegate?.itemListView(self, didOpen: item)
    }
}
