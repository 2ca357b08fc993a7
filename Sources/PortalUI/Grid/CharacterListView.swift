import PortalCore

/// Told by the list view when the list needs its next page or a character was opened.
@MainActor
public protocol CharacterListViewDelegate: AnyObject {
    func characterListViewNeedsMore(_ view: CharacterListView)
    func characterListView(_ view: CharacterListView, didOpen character: PortalCore.Character)
}

/// The character list on screen: it owns the grid view model, holds the characters the
/// grid counts, and turns the grid's index-based events into character events.
///
/// This is the middle link of the original app's delegate chain — grid view model →
/// (delegate) list view → (delegate) screen controller — kept visible on purpose: the grid
/// knows geometry only, the list knows characters, the controller knows the network.
@MainActor
public final class CharacterListView: GridViewModelDelegate {
    public let grid = GridViewModel()
    public weak var delegate: (any CharacterListViewDelegate)?
    /// Reads the items the grid counts from their one owner (the list loader). It is read,
    /// never stored: a second reference to the array would make the loader's next append
    /// copy the whole list, which at a million rows costs a frame per page.
    private let items: () -> [PortalCore.Character]

    public init(items: @escaping () -> [PortalCore.Character]) {
        self.items = items
        grid.delegate = self
    }

    /// Exactly the items the grid counts.
    public var characters: [PortalCore.Character] { items() }

    /// Folds one inserted batch in: the loader's store already holds it, and the grid's
    /// count changes in the same step; then the grid runs its load-more rule.
    public func apply(inserted range: Range<Int>, isLoading: Bool, hasMore: Bool) {
        grid.setLoadState(isLoading: isLoading, hasMore: hasMore)
        grid.didInsert(range)
    }

    /// Empties the list for a new search (the loader was reset).
    public func reset() {
        grid.reset()
    }

    public var selectedCharacter: PortalCore.Character? {
        let characters = items()
        return grid.selection.flatMap { $0 < characters.count ? characters[$0] : nil }
    }

    // MARK: GridViewModelDelegate

    public func gridViewModelNeedsMore(_ grid: GridViewModel) {
        delegate?.characterListViewNeedsMore(self)
    }

    public func gridViewModel(_ grid: GridViewModel, didActivate index: Int) {
        let characters = items()
        guard index < characters.count else { return }
        delegate?.characterListView(self, didOpen: characters[index])
    }
}
