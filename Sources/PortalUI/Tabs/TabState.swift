import PortalCore
import PortalPaging

/// Everything one tab keeps while another is shown: its query (search and filters), its
/// list and grid (pages, selection, scroll), its trail of detail panes, and what its
/// status line says. Coming back to a tab costs no request.
@MainActor
public final class TabState {
    public let index: Int
    public let spec: TabSpec
    public private(set) var query: ListQuery
    /// The tab's list: page-addressed when the source can address pages (every index
    /// exists, unloaded ones as placeholders), sequential otherwise.
    public let list: SparseList<Item>
    public let listView: ItemListView
    /// The detail panes, oldest first; the last one is on screen. Esc pops one.
    public let trail = PaneTrail()
    /// Set once the tab has been shown: its first page is asked for then, not before.
    public internal(set) var isStarted = false
    /// Set by `r` on a failed page; the planner asks again (or says how long to wait).
    var wantsRetry = false
    /// Set while the page in flight is being retried automatically.
    var retryNote: String?
    /// Why the last `r` did not retry (a 429's `Retry-After` still running).
    var retryRefusal: String?
    /// Where the last page came from when the network failed and the disk cache stood in
    /// (`cached 3 h ago · offline`); nil while the network answers.
    var offlineNote: String?
    /// The last page's notice (`PageContent.notice`: a GraphQL partial answer), until a
    /// page comes without one.
    var pageNotice: String?
    /// Where the list is served from when the user did not name that origin (an OpenAPI
    /// document's `servers`): `served from ORIGIN · gets no credentials`, on the status line.
    var originNote: String?
    /// While `R` refreshes the list: the item the selection is kept on (`ListRefresh`).
    var refreshPin: ListRefresh?
    /// The table view (`t`): shown or not, its columns and the selected one.
    public internal(set) var table = TableState()
    /// What the last `s`/`S` found (the API cannot sort, the server ignored the order);
    /// said on the status line until the next key.
    var sortNote: String?
    /// A sort whose first page is still to be checked: the server's order on the field
    /// must be the one asked for (a Django REST framework or GitHub server ignores a
    /// parameter it does not take), else the list goes back to the server's own order.
    var sortToVerify: ListSort?
    /// The feed of pushed changes this tab follows, and what they did (Live/).
    var live: LiveModel?

    init<C: Clock>(index: Int, spec: TabSpec, query: ListQuery, firstPage: PageRequest, addressing: PageAddressing?,
                   maxPages: Int, clock: C) where C.Instant == ContinuousClock.Instant {
        self.index = index
        self.spec = spec
        self.query = query
        let list = SparseList<Item>(firstPage: firstPage, addressing: addressing, maxPages: maxPages, clock: clock)
        self.list = list
        listView = ItemListView(tab: index, list: list)
    }

    public var grid: GridViewModel { listView.grid }
    public var address: ListAddress { ListAddress(tab: index, generation: list.generation) }
    /// The detail panes, oldest first.
    public var panes: [DetailPane] { trail.panes }
    /// The pane on screen, if any.
    public var pane: DetailPane? { trail.top }

    /// The name search ("" when none).
    public var searchText: String { spec.searchKey.map { query.value($0) } ?? "" }

    /// Starts the list over for `query` (a search or a filter change).
    func reset(to query: ListQuery, firstPage: PageRequest, addressing: PageAddressing?) {
        self.query = query
        list.reset(firstPage: firstPage, addressing: addressing)
        listView.reset()
        retryNote = nil
        retryRefusal = nil
        offlineNote = nil
        pageNotice = nil
        wantsRetry = false
        refreshPin = nil
        sortNote = nil
        sortToVerify = nil
    }

    /// `R`: the list again from the top, the selection kept on its item (`ListRefresh`).
    func refresh() {
        retryNote = nil
        retryRefusal = nil
        refreshPin = ListRefresh.begin(self)
        live?.listRefreshed()  // the rows marked deleted leave (Live/)
    }

    /// After a page arrived during a refresh: the selection follows its item.
    func followRefresh() {
        refreshPin = refreshPin?.follow(self)
    }
}

extension ScreenController {
    /// The pages a tab's list holds at most unless told (`--max-pages`): the sparse list's own bound.
    public static var defaultMaxPages: Int { SparseList<Item>.defaultMaxPages }
}
