import PortalCore
import PortalPaging

/// One of a pane's lists paged by the grid's engine (`RelatedPages`, `PaneList`), as the
/// planner and the controller see it: its entries are a `SparseList`, which marks its
/// pages in flight, failed and cancelled itself, exactly as a tab's list does — the
/// planner reads what it would ask (`ask`), the controller commits it in its one place
/// (`ScreenController.apply`) — and the list only says how a page is fetched and how an
/// answer becomes entries.
@MainActor
protocol PaneListPaging: AnyObject {
    /// The entries, by index.
    var entries: SparseList<Item> { get }
    /// The list's number in its pane: new for every list the pane makes, so an answer for
    /// a list it replaced (`R` on an item whose ids changed) finds no list.
    var serial: Int { get }
    /// The fetch of `ticket`'s page for the pane at `pane`.
    func fetch(_ ticket: PageTicket, for pane: PaneAddress) -> Effect
    /// The answer to `ticket`'s page folded into the entries (the list drops a ticket of
    /// a page no longer in flight). Returns whether anything changed.
    func receive(_ ticket: PageTicket, _ result: Result<[Item], PageFailure>) -> Bool
}

/// Entries below the pane's last row whose page is asked before they are shown.
let paneEntriesAhead = 5

extension PaneListPaging {
    /// What the list asks for and gives up with the entries `visible` on the pane's
    /// screen (an empty range at 0 when the list is below it: its first page is asked with
    /// the pane) and `viewRows` rows: the pages on screen and `paneEntriesAhead` entries
    /// below it; pages in flight farther than a screen and a page from it are given up.
    /// Reads only.
    func ask(visible: Range<Int>, viewRows: Int) -> SparseList<Item>.SparseAsk {
        entries.ask(near: visible, before: 0, after: paneEntriesAhead, keeping: max(viewRows, paneEntriesAhead))
    }

    /// Why page `index` failed, if it did (its rows say so).
    func failure(ofPage index: Int) -> PageFailure? {
        // Before the list is addressable its one failed page is the next in order.
        guard entries.isAddressable else { return index == entries.pagesLoaded ? entries.failure : nil }
        if case .failed(let failure) = entries.state(ofPage: index) { return failure }
        return nil
    }

    /// The entries loaded so far.
    var loadedCount: Int { (0..<entries.count).reduce(0) { $0 + (entries.item(at: $1) == nil ? 0 : 1) } }

    /// A row not loaded yet, as the grid's placeholders: `loading…` while its page is on
    /// its way, `·····` before; a failed page's rows say so in place (its first
    /// `error — r to retry`, its second the failure's words), so no row moves.
    func placeholder(at index: Int, pageSize: Int, loading: Bool) -> [Span] {
        let dim = Style(dim: true)
        guard let failure = failure(ofPage: index / max(1, pageSize)) else { return [Span(loading ? "loading…" : "·····", dim)] }
        return switch index % max(1, pageSize) {
        case 0: [Span("error — r to retry", Style(foreground: .red, bold: true))]
        case 1: [Span(failure.message, dim)]
        default: [Span("·····", dim)]
        }
    }
}
