/// Told by the grid when the user opens a card — the first link of the delegate chain
/// grid view model → list view → screen controller. Nothing else travels up it.
@MainActor
public protocol GridViewModelDelegate: AnyObject {
    /// The user opened the card at `index` (Enter).
    func gridViewModel(_ grid: GridViewModel, didActivate index: Int)
}

/// The grid of one tab: its `GridState` (a value the controller changes with pure
/// functions) and the start of the selection delegate chain of the app portal grew from
/// — grid view model → (delegate) list view → (delegate) screen controller, which opens
/// the detail pane. It is kept on purpose, for selection and nothing else: movement,
/// resizes and page arrivals change `state` and tell no one; the controller's planning
/// step reads the state after every event to decide what the screen needs.
@MainActor
public final class GridViewModel {
    public weak var delegate: (any GridViewModelDelegate)?
    /// Everything about the grid; read by views and the planner.
    public var state = GridState()

    public init() {}

    public var columns: Int { state.columns }
    public var cardWidth: Int { state.cardWidth }
    public var viewportRows: Int { state.viewportRows }
    public var contentRows: Int { state.contentRows }
    public var maxOffsetRows: Int { state.maxOffsetRows }
    public var offsetRows: Int { state.offsetRows }
    public var selection: Int? { state.selection }
    public var itemCount: Int { state.itemCount }
    public var visibleRange: Range<Int> { state.visibleRange }
    public var isStickyEnd: Bool { state.isStickyEnd }

    /// Opens the selected card: tells the delegate (the list view).
    public func activate() {
        guard let selection = state.selection else { return }
        delegate?.gridViewModel(self, didActivate: selection)
    }
}
