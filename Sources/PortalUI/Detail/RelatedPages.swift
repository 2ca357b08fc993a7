import Foundation
import PortalCore
import PortalPaging

/// A pane's related list (a character's episodes, an episode's characters, a location's
/// residents), paged by the grid's engine: the ids are known, so page N is the one
/// multi-id request for `ids[N*pageSize ..< (N+1)*pageSize]` (`RelatedList.perRequest`:
/// 20 for the built-in APIs, as many as fit in a 2 KB URL for a spec's `by_keys`), every page is addressable
/// and the total is exact from the start. The entries are a `SparseList`, so the list has
/// the grid's rules (`PaneListPaging`) — each page asked once and never while in flight,
/// the pages on the pane's screen (and a few entries below it) asked and no others, so
/// End/G asks only the last page; a page in flight the pane scrolled far from given up; a
/// failed page kept for `r` with everything loaded still shown — and its work is
/// cancelled with the pane (`Effect.cancel`).
///
/// The first answer makes the list addressable (as a grid's first page does); a page
/// that comes back short (the server skipped an id it does not know) leaves the list
/// as it decides (`SparseList.apply`).
@MainActor
final class RelatedPages: PaneListPaging {
    /// Ids per page: one request each.
    var pageSize: Int { list.perRequest }

    /// What the list is: its label, the kind of its items and their ids in order.
    let list: RelatedList
    /// The entries, by index in `list.ids`.
    let entries: SparseList<Item>
    let serial: Int

    init(_ list: RelatedList, serial: Int) {
        self.list = list
        self.serial = serial
        let pages = RelatedIDPages(kind: list.kind, count: list.ids.count, pageSize: list.perRequest)
        entries = SparseList(firstPage: RelatedIDPages.request(list.kind, page: 0), addressing: PageAddressing(pages: pages), emptyPagesLimit: 1)
    }

    /// Every entry, loaded or not.
    var total: Int { list.ids.count }

    /// The items loaded so far, in the list's order.
    var loadedItems: [Item] { (0..<total).compactMap { entries.item(at: $0) } }

    /// Why a page near the screen failed, if one did.
    var failure: PageFailure? { entries.failure }

    /// The ids page `index` asks for.
    func ids(ofPage index: Int) -> [RecordKey] {
        let start = min(total, max(0, index) * pageSize)
        return Array(list.ids[start..<min(total, start + pageSize)])
    }

    /// The id at `index`, as the link its row leads to (loaded or not).
    func key(at index: Int) -> ItemKey { ItemKey(list.kind, list.ids[index]) }

    // MARK: PaneListPaging

    func fetch(_ ticket: PageTicket, for pane: PaneAddress) -> Effect {
        .fetchItems(pane, .listPage(PaneListPage(list: serial, ticket: ticket)), list.kind, ids: ids(ofPage: ticket.request.index))
    }

    /// The answer to a page: its items (in the list's order; ids the server did not know
    /// are skipped, as the API skips them) take their rows.
    func receive(_ ticket: PageTicket, _ result: Result<[Item], PageFailure>) -> Bool {
        let index = ticket.request.index
        let change: SparseChange
        switch result {
        case .success(let items):
            let byID = Dictionary(items.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            let ordered = ids(ofPage: index).compactMap { byID[ItemKey(list.kind, $0)] }
            let next = index + 1 < RelatedIDPages.pages(for: total, pageSize: pageSize) ? RelatedIDPages.request(list.kind, page: index + 1) : nil
            change = entries.apply(.success(PageContent(items: ordered, next: next, totalCount: total)), for: ticket)
        case .failure(let failure):
            change = entries.apply(.failure(failure), for: ticket)
        }
        return change != .ignored
    }
}

/// A related list's pages: page N is the ids N×size ..< (N+1)×size, named by a request that
/// is never sent (the pane asks for its ids: `Effect.fetchItems`).
struct RelatedIDPages: PageAddressable {
    let kind: ItemKind
    /// The ids in the list.
    let count: Int
    let pageSize: Int

    func request(forPage index: Int) -> PageRequest? {
        index >= 0 && index < Self.pages(for: count, pageSize: pageSize) ? Self.request(kind, page: index) : nil
    }

    static func pages(for total: Int, pageSize: Int) -> Int {
        total / pageSize + (total % pageSize == 0 ? 0 : 1)
    }

    /// Page `page` of a related list of `kind`, as the list knows it.
    static func request(_ kind: ItemKind, page: Int) -> PageRequest {
        var url = URL(fileURLWithPath: "/related")
        url.append(path: kind.rawValue)
        url.append(queryItems: [URLQueryItem(name: "page", value: String(page))])
        return PageRequest(url: url, index: page)
    }
}
