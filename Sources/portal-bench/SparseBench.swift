import Foundation
import PortalCore
import PortalDemoModels
import PortalPaging
import PortalServers
import PortalRuntime
import PortalUI
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

// MARK: - sparse: what the browser's list holds at its page bound on a million rows

/// Jumps a `SparseList` of the browser's items (`Item`, through `RickAndMortySource`, as a
/// tab holds them) around a synthetic million, answering every page it asks for, until it
/// holds `--max-pages` pages and has evicted as many again; then the resident memory the
/// list holds. It measures the bound `--max-pages` sets (`SparseList.defaultMaxPages`),
/// which is otherwise an estimate from `bytes_per_char_1m`.
func sparse() {
    let count = Int(option("count") ?? "1000000") ?? 1_000_000
    let maxPages = Int(option("max-pages") ?? "") ?? SparseList<Item>.defaultMaxPages
    let base = loadBaseRecords()
    let table = SyntheticCharacterTable(base: base, count: count)
    let encoding = APIJSONEncoding(baseURL: baseAPI)
    let source = benchSource()
    let query = ListQuery(kind: .character)
    let strategy = SourcePages(source: source, query: query)
    let list = SparseList<Item>(firstPage: strategy.firstPage, addressing: PageAddressing(source: source, query: query),
                                maxPages: maxPages, maxInFlight: 1_000)

    func answer(_ tickets: [PageTicket]) {
        for ticket in tickets {
            let response = HTTPResponse(status: 200, headers: ["content-type": "application/json"],
                                        body: characterPage(ticket.request.index + 1, pageSize: 20, of: table, encoding: encoding))
            _ = list.apply(Result { () throws(PageFailure) in try strategy.decode(response, for: ticket.request) }, for: ticket)
        }
    }

    answer(list.ticketsForPages(near: 0..<20, before: 0, after: 0))
    guard list.isAddressable, list.count == count else {
        log("sparse: the list did not become addressable (\(list.count) items)")
        exit(1)
    }
    trimHeap()
    let before = residentBytes()
    let start = Date()
    // A fixed walk of jumps (a linear congruential sequence, so runs compare), one page on
    // screen each, until the bound has been reached and turned over once.
    var position = 1211
    var jumps = 0
    while jumps < maxPages * 2 {
        position = (position &* 1_103_515_245 &+ 12_345) & 0x7fff_ffff
        let page = position % (count / 20)
        answer(list.ticketsForPages(near: (page * 20)..<(page * 20 + 20), before: 0, after: 0))
        jumps += 1
    }
    let seconds = Date().timeIntervalSince(start)
    trimHeap()
    let after = residentBytes()
    let held = list.loadedPageCount
    let items = held * 20
    let megabytes = Double(after - before) / 1_048_576
    log("sparse \(count / 1_000)k: \(jumps) jumps in \(String(format: "%.1f", seconds)) s, "
        + "\(held) pages held (bound \(maxPages)), \(String(format: "%.1f", megabytes)) MB held, "
        + "\(String(format: "%.0f", Double(after - before) / Double(max(1, items)))) B per item")
    withExtendedLifetime(list) {}
    emit([("sparse_pages_held", Double(held)), ("sparse_rss_mb_at_bound", megabytes),
          ("sparse_jump_us", seconds / Double(jumps) * 1e6),
          ("sparse_bytes_per_item", Double(after - before) / Double(max(1, items)))])
}
