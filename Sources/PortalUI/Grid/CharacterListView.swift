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
    /// Exactly the items the grid counts; replaced together with every batch insert.
    public private(set) var characters: [PortalCore.Character] = []

    public init() {
        grid.delegate = self
    }

    /// Folds one inserted batch in: the characters and the grid's count change in the same
    /// step, then the grid runs its load-more rule.
    public func apply(inserted range: Range<Int>, characters: [PortalCore.Character], isLoading: Bool, hasMore: Bool) {
        self.characters = characters
        grid.setLoadState(isLoading: isLoading, hasMore: hasMore)
        grid.didInsert(range)
    }

    /// Empties the list for a new search.
    public func reset() {
        characters = []
        grid.reset()
    }

    public var selectedCharacter: PortalCore.Character? {
        grid.selection.flatMap { $0 < characters.count ? characters[$0] : nil }
    }

    // MARK: GridViewModelDelegate

    public func gridViewModelNeedsMore(_ grid: GridViewModel) {
        delegate?.characterListViewNeedsMore(self)
    }

    public func gridViewModel(_ grid: GridViewModel, didActivate index: Int) {
        guard index < characters.count else { return }
        delegate?.characterListView(self, didOpen: characters[index])
    }
}
