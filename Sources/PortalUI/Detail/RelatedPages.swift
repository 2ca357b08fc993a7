import Foundation
import PortalCore

/// A pane's related list (a character's episodes, an episode's characters, a location's
/// residents), paged by the grid's engine: the ids are known, so page N is the one
/// multi-id request for `ids[N*pageSize ..< (N+1)*pageSize]`, every page is addressable
/// and the total is exact from the start. The entries are a `SparseList`, so the list has
/// the grid's rules — each page asked once and never while in flight, the pages on the
/// pane's screen (and a few entries below it) asked and no others, so End/G asks only
/// the last page; a failed page kept for `r` with everything loaded still shown — and
/// its work is cancelled with the pane (`Effect.cancel`).
///
/// The first answer makes the list addressable (as a grid's first page does); a page
/// that comes back short (the server skipped an id it does not know) leaves the list
/// as it decides (`SparseList.apply`).
@MainActor
final class RelatedPages {
    /// Ids per page: one request each.
    nonisolated static let pageSize = 20
    /// Entries below the pane's last row whose page is asked before they are shown.
    static let entriesAhead = 5

    /// What the list is: its label, the kind of its items and their ids in order.
    let list: RelatedList
    /// The entries, by index in `list.ids`.
    let entries: SparseList<Item>
    /// The pages asked and not answered yet, by index.
    private var inFlight: [Int: PageTicket] = [:]
    /// Failed pages handed out again by `r`, not asked yet.
    private var retried: [Int: PageTicket] = [:]

    init(_ list: RelatedList) {
        self.list = list
        let kind = list.kind
        let pages = Self.pages(for: list.ids.count)
        let addressing = PageAddressing(pageSize: Self.pageSize) { index in index < pages ? Self.request(kind, page: index) : nil }
        entries = SparseList(firstPage: Self.request(kind, page: 0), addressing: addressing, emptyPagesLimit: 1)
    }

    /// Every entry, loaded or not.
    var total: Int { list.ids.count }

    /// Pages of the list.
    var pageCount: Int { Self.pages(for: total) }

    /// The entries loaded so far.
    var loadedCount: Int { (0..<total).reduce(0) { $0 + (entries.item(at: $1) == nil ? 0 : 1) } }

    /// The items loaded so far, in the list's order.
    var loadedItems: [Item] { (0..<total).compactMap { entries.item(at: $0) } }

    /// Why a page near the screen failed, if one did.
    var failure: PageFailure? { entries.failure }

    /// The ids page `index` asks for.
    func ids(ofPage index: Int) -> [Int] {
        let start = min(total, max(0, index) * Self.pageSize)
        return Array(list.ids[start..<min(total, start + Self.pageSize)])
    }

    /// The id at `index`, as the link its row leads to (loaded or not).
    func key(at index: Int) -> ItemKey { ItemKey(list.kind, list.ids[index]) }

    /// Why page `index` failed, if it did (its rows say so).
    func failure(ofPage index: Int) -> PageFailure? {
        // Before the list is addressable its one failed page is the next in order.
        guard entries.isAddressable else { return index == entries.pagesLoaded ? entries.failure : nil }
        if case .failed(let failure) = entries.state(ofPage: index) { return failure }
        return nil
    }

    // MARK: Asking

    /// The pages to ask for with the entries `visible` on the pane's screen (an empty
    /// range at 0 when the list is below it: its first page is asked with the pane): pages
    /// handed out again by `r`, then those the list hands out for the screen and
    /// `entriesAhead` below it. Reads only.
    func wanted(visible: Range<Int>) -> [Int] {
        var out = retried.keys.sorted()
        let ask = entries.ask(near: visible, before: 0, after: Self.entriesAhead, keeping: 0)
        out += ask.pages.filter { !out.contains($0) }
        if ask.next, !out.contains(entries.pagesLoaded) { out.append(entries.pagesLoaded) }
        return out
    }

    /// The planner asked for page `index` (with `visible` on screen, as `wanted` was
    /// given): the list marks it in flight. A page the list would not hand out now is
    /// not marked.
    func asked(_ index: Int, visible: Range<Int>) {
        if let ticket = retried.removeValue(forKey: index) {
            inFlight[index] = ticket
            return
        }
        var one = entries.ask(near: visible, before: 0, after: Self.entriesAhead, keeping: 0)
        let sequentialNext = one.next && index == entries.pagesLoaded
        guard one.pages.contains(index) || sequentialNext else { return }
        one.pages = sequentialNext ? [] : [index]
        one.next = sequentialNext
        one.probe = false
        one.dropped = false
        one.cancel = []
        if let ticket = entries.commit(one).tickets.first(where: { $0.request.index == index }) { inFlight[index] = ticket }
    }

    /// The answer to page `index`: its items (in the list's order; ids the server did not
    /// know are skipped, as the API skips them) take their rows. A page not in flight is
    /// dropped. Returns whether anything changed.
    @discardableResult
    func receive(page index: Int, _ result: Result<[Item], PageFailure>) -> Bool {
        guard let ticket = inFlight.removeValue(forKey: index) else { return false }
        switch result {
        case .success(let items):
            let byID = Dictionary(items.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            let ordered = ids(ofPage: index).compactMap { byID[ItemKey(list.kind, $0)] }
            let next = index + 1 < pageCount ? Self.request(list.kind, page: index + 1) : nil
            entries.apply(.success(PageContent(items: ordered, next: next, totalCount: total)), for: ticket)
        case .failure(let failure):
            entries.apply(.failure(failure), for: ticket)
        }
        return true
    }

    /// `r`: the failed pages near the screen are handed out again (unless the server's
    /// `Retry-After` has not passed); the planner asks for them.
    func retry() {
        for ticket in entries.retry() { retried[ticket.request.index] = ticket }
    }

    // MARK: Pages as requests

    nonisolated static func pages(for total: Int) -> Int {
        total / pageSize + (total % pageSize == 0 ? 0 : 1)
    }

    /// Page `page` of a related list of `kind`, as the list knows it: a name for the page,
    /// never sent (the pane asks for its ids: `Effect.fetchItems`).
    nonisolated static func request(_ kind: ItemKind, page: Int) -> PageRequest {
        var url = URL(fileURLWithPath: "/related")
        url.append(path: kind.rawValue)
        url.append(queryItems: [URLQueryItem(name: "page", value: String(page))])
        return PageRequest(url: url, index: page)
    }
}
