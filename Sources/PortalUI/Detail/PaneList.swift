import PortalCore
import PortalPaging

/// A linked list shown in a pane (any API), paged by the grid's engine (`PaneListPaging`):
/// its entries are the items of a `SparseList`. Where the first answer's dialect addresses
/// pages by a query parameter and says the total (`LinkedListPages`, read as `--url` reads
/// a list) the list is addressable — every entry has its row from the start, a placeholder
/// until its page arrives, and End/G/PgDn ask only the pages they show. Otherwise it walks
/// its `next` links one page at a time with the grid's guard (`PageLinkGuard`: a `next`
/// that repeats a page, leaves the list or brings nothing new is refused).
///
/// The first page is the pane's subject (the answer to the link); every other page is the
/// link its request names (`Effect.fetchLink`), folded in by `receive`.
@MainActor
final class PaneList: PaneListPaging {
    /// The most entries an addressable list has rows for (every row is a line of the
    /// pane); a longer list walks.
    static let maxAddressableEntries = 10_000

    /// The entries, each an `Item` holding one entry as served (its title, its JSON).
    let entries: SparseList<Item>
    /// The link the list was opened by.
    let link: ItemLink
    let serial: Int
    /// Entries on every page but the last, when addressable.
    let pageSize: Int
    /// Its entries as the pane last laid them out (a page arriving lays out only its own).
    let layout = PaneListLayout()
    /// Set by End on a list that walks: the pane's highlight follows the list's end as
    /// pages arrive, until another key.
    var followsEnd = false

    /// The list at `link`, whose first page is `page` (a `Record` with `isPage`).
    init(link: ItemLink, firstPage page: Record, serial: Int) {
        self.link = link
        self.serial = serial
        let total = page.listPages?.total
        let addressing = page.listPages?.pages.flatMap { pages in
            (total ?? Int.max) <= Self.maxAddressableEntries ? PageAddressing(pages: pages) : nil
        }
        pageSize = addressing?.pageSize ?? max(1, page.row.columns.count - 1)
        // A walked list ends at its first page with nothing new (it is not a tab to walk).
        entries = SparseList(firstPage: PageRequest(url: link.url, index: 0), addressing: addressing,
                             maxInFlight: addressing == nil ? 1 : SparseList<Item>.defaultMaxInFlight, emptyPagesLimit: 1)
        if let first = entries.ticketsForPages(near: 0..<1, before: 0, after: 0).first {
            entries.apply(.success(content(of: page, for: first)), for: first)
        }
    }

    /// Why the list stopped (a failed page, or a `next` refused), if it did.
    var failure: PageFailure? { entries.failure }

    /// Whether a walked list's next page is on its way.
    var isLoading: Bool { !entries.isAddressable && entries.pagesInFlight > 0 }

    /// Whether a walked list has pages left to ask for (none failed or refused).
    var hasMore: Bool { entries.hasMore && entries.failure == nil }

    // MARK: PaneListPaging

    func fetch(_ ticket: PageTicket, for pane: PaneAddress) -> Effect {
        .fetchLink(pane, .listPage(PaneListPage(list: serial, ticket: ticket)), ItemLink(url: ticket.request.http.url))
    }

    /// The answer to a page: its entries take their rows (a page that is not the one
    /// asked for is dropped).
    func receive(_ ticket: PageTicket, _ result: Result<[Item], PageFailure>) -> Bool {
        switch result {
        case .success(let items):
            let asked = ItemLink(url: ticket.request.http.url)
            let page = items.lazy.compactMap { item -> Record? in
                item.record.isPage && item.record.link == asked ? item.record : nil
            }.first
            guard let page else { return false }
            return changed(entries.apply(.success(content(of: page, for: ticket)), for: ticket))
        case .failure(let failure):
            return changed(entries.apply(.failure(failure), for: ticket))
        }
    }

    /// Whether `change` changed anything; the entries it touched are laid out again.
    private func changed(_ change: SparseChange) -> Bool {
        switch change {
        case .loaded(let indices), .appended(let indices): layout.forget(indices)
        case .failed, .ignored: break
        }
        return change != .ignored
    }

    /// `page`'s entries as items at their indices, with the request for the page after it.
    private func content(of page: Record, for ticket: PageTicket) -> PageContent<Item> {
        let index = ticket.request.index
        // An addressable list places a page by its index; a walked one after what it holds.
        let start = entries.addressing != nil ? index * pageSize : entries.count
        let items = page.row.columns.dropFirst().enumerated().map { offset, column in
            Item(Record(row: Row(id: "#\(start + offset)", columns: [column], json: column.value.description, position: start + offset),
                          card: page.card), kind: .link)
        }
        let next = page.nextPage.flatMap { next in
            entries.addressing?.request(forPage: index + 1) ?? PageRequest(url: next.url, index: index + 1)
        }
        return PageContent(items: items, next: next, totalCount: page.listPages?.total)
    }
}
