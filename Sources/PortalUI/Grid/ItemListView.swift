import PortalCore

/// Told by a list view when its list needs the next page or an item was opened.
@MainActor
public protocol ItemListViewDelegate: AnyObject {
    func itemListViewNeedsMore(_ view: ItemListView)
    func itemListView(_ view: ItemListView, didOpen item: Item)
}

/// One tab's list on screen: it owns the grid view model, reads the items the grid counts,
/// and turns the grid's index-based events into item events.
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
    /// Reads the items the grid counts from their one owner (the list loader). It is read,
    /// never stored: a second reference to the array would make the loader's next append
    /// copy the whole list, which at a million rows costs a frame per page.
    private let source: () -> [Item]

    public init(tab: Int, items: @escaping () -> [Item]) {
        self.tab = tab
        self.source = items
        grid.delegate = self
    }

    /// Exactly the items the grid counts.
    public var items: [Item] { source() }

    /// Folds one inserted batch in: the loader's store already holds it, and the grid's
    /// count changes in the same step; then the grid runs its load-more rule.
    public func apply(inserted range: Range<Int>, isLoading: Bool, hasMore: Bool) {
        grid.setLoadState(isLoading: isLoading, hasMore: hasMore)
        grid.didInsert(range)
    }

    /// Empties the list for a new search or filter (the loader was reset).
    public func reset() {
        grid.reset()
    }

    public var selectedItem: Item? {
        let items = source()
        return grid.selection.flatMap { $0 < items.count ? items[$0] : nil }
    }

    // MARK: GridViewModelDelegate

    public func gridViewModelNeedsMore(_ grid: GridViewModel) {
        delegate?.itemListViewNeedsMore(self)
    }

    public func gridViewModel(_ grid: GridViewModel, didActivate index: Int) {
        let items = source()
        guard index < items.count else { return }
        delegate?.itemListView(self, didOpen: items[index])
    }
}
