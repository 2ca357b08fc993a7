import PortalCore
import PortalPaging

/// The active tab and what is read from it, the context the command table is read in,
/// and the tab-level changes the root makes: showing a tab, starting its list over,
/// opening a card's pane (the end of the selection's delegate chain).
extension ScreenController {
    public var tab: TabState { tabs[activeTab] }
    public var list: SparseList<Item> { tab.list }
    public var listView: ItemListView { tab.listView }
    public var grid: GridViewModel { tab.grid }
    /// The pane on screen in the active tab, if any.
    public var pane: DetailPane? { tab.pane }
    /// Page requests asked for, all tabs together (the spinner advances with it).
    public var pageRequestCount: Int { planner.pageRequestCount }
    public var prefetch: PrefetchDistance { planner.prefetch }

    /// Which bindings of the command table apply now: the model on top has the keys.
    public var context: CommandContext {
        if help.isShown { return .help }
        if search.isActive { return .search }
        if goTo.isActive { return .goTo }
        if form.isActive { return .filters }
        if paneFilterShown { return .paneFilter }
        return pane == nil ? .grid : .detail
    }

    /// Shows tab `index`; a tab shown for the first time has its first page planned now.
    func showTab(_ index: Int) {
        guard tabs.indices.contains(index) else { return }
        activeTab = index
        tabs[index].isStarted = true
        relayout()
    }

    /// Starts the active tab's list over for `query`: a new generation, so every late
    /// page and every pane of the old one is dropped.
    func apply(_ query: ListQuery) {
        emit(tab.trail.closeAll())
        tab.reset(to: query, firstPage: source.firstPage(for: query), addressing: PageAddressing(source: source, query: query))
        relayout()
    }

    // MARK: ItemListViewDelegate

    /// Selection travels the original app's delegate chain, on purpose and for nothing
    /// else: grid view model → (delegate) item list view → (delegate) the root, which
    /// opens the pane.
    public func itemListView(_ view: ItemListView, didOpen item: Item) {
        let tab = tabs[view.tab]
        emit(tab.trail.open(item, at: newPaneAddress(in: tab)))
        relayout()
    }
}
