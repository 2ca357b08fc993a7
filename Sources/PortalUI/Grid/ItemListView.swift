import PortalCore

/// Told by a list view when its viewport moved (so pages near it may be wanted) or an
/// item was opened.
@MainActor
public protocol ItemListViewDelegate: AnyObject {
    func itemListViewNeedsMore(_ view: ItemListView)
    func itemListView(_ view: ItemListView, didOpen item: Item)
}

/// One tab's list on screen: it owns the grid view model, reads the slots the grid counts
/// (items and placeholders), and turns the grid's index-based events into item events.
///
/// This is the middle link of the original app's delegate chain — grid view model →
/// (delegate) list view → (delegate) screen controller — kept visible on purpose: the grid
/// knows geometry only, the list knows items, the controller knows what to fetch.
@MainActor
public final class ItemListView: GridViewModelDelegate {
    public let grid = GridViewModel()
    public weak var delegate: (any ItemListViewDelegate)?
    /// The tab this list belongs to, so the controller knows which list asked.
    public let tab: Int
    /// The one owner of the items; read, never copied (a million-row list holds only a
    /// bounded number of pages, and a copy of its slots would defeat that).
    private let list: SparseList<Item>

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
    /// moves), then the grid asks for the pages near its viewport again.
    public func apply(_ change: SparseChange) {
        switch change {
        case .appended(let range):
            grid.didInsert(range)
        case .loaded:
            grid.setItemCount(list.count)
        case .failed, .ignored:
            break
        }
    }

    /// Empties the list for a new search or filter (the list was reset).
    public func reset() {
        grid.reset()
    }

    public var selectedItem: Item? {
        grid.selection.flatMap { list.item(at: $0) }
    }

    // MARK: GridViewModelDelegate

    public func gridViewModelNeedsMore(_ grid: GridViewModel) {
        delegate?.itemListViewNeedsMore(self)
    }

    public func gridViewModel(_ grid: GridViewModel, didActivate index: Int) {
        guard let item = list.item(at: index) else { return }
        delegate?.itemListView(self, didOpen: item)
    }
}
