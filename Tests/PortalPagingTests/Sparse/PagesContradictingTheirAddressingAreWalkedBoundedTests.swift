import Foundation
import Testing
@testable import PortalCore
@testable import PortalPaging
import PortalTestSupport

/// Lists whose pages contradict how they are addressed (issue 35, items 2 and 16): links
/// that do not follow the offsets, an open-end search that never finds an end, pages that
/// shrink. The list stops being addressed, walks, says why, and every item served shows.
@Suite("Lists whose pages contradict their addressing walk, bounded")
struct SparseListContradictionTests {
    typealias Row = SparseListTests.Row

    /// Pages by offset, 20 a page: `?offset=N×20`.
    static let byOffset = PageAddressing(pageSize: 20) { index in
        PageRequest(url: URL(string: "http://rows.test/rows?offset=\(index * 20)")!, index: index)
    }

    /// A server that answers any offset with 20 rows (ids offset+1 …) and no total; its
    /// `next` is `nextOffset(offset)`.
    static func anyOffset(_ request: PageRequest, next nextOffset: (Int) -> Int) -> Result<PageContent<Row>, PageFailure> {
        let offset = QueryEdit.value(request.http.url, "offset").flatMap { Int($0) } ?? 0
        let next = PageRequest(url: URL(string: "http://rows.test/rows?offset=\(nextOffset(offset))")!, index: request.index + 1)
        return .success(PageContent(items: (offset..<offset + 20).map { Row(id: $0 + 1) }, next: next, totalCount: nil))
    }

    static func started(_ answer: (PageRequest) -> Result<PageContent<Row>, PageFailure>) throws -> SparseList<Row> {
        let list = SparseList<Row>(firstPage: try #require(byOffset.request(forPage: 0)), addressing: byOffset, clock: ManualClock())
        let first = try #require(list.ticketsForPages(near: 0..<10, before: 0, after: 0).first)
        list.apply(answer(first.request), for: first)
        #expect(!list.isAddressable && list.hasMore)
        return list
    }

    /// End: every ticket answered (the screen at the end) until none is handed out or
    /// `stop` says so; the requests that took.
    static func end(_ list: SparseList<Row>, limit: Int = 200, until stop: () -> Bool = { false },
                    _ answer: (PageRequest) -> Result<PageContent<Row>, PageFailure>) -> Int {
        _ = list.startWalk()
        var asked = 0
        while asked < limit, !stop() {
            let tickets = list.ticketsForPages(near: SparseListEndTests.atTheEnd(list.count), before: 0, after: 0)
            if tickets.isEmpty { break }
            for ticket in tickets {
                asked += 1
                list.apply(answer(ticket.request), for: ticket)
            }
        }
        return asked
    }

    /// G on a list whose second page's `next` goes back to the first (the server answers
    /// any offset): before, 37 requests, the search probing up to offset 687,194,767,340.
    /// Now the first probe's link contradicts the offsets: the list stops being addressed,
    /// End walks, and the walk's guard refuses the link back. Two requests after the first.
    @Test func linksThatGoBackwardsStopTheSearchAtTheFirstProbe() throws {
        let answer = { (request: PageRequest) in Self.anyOffset(request) { $0 == 0 ? 20 : 0 } }
        let list = try Self.started(answer)
        let asked = Self.end(list, answer)
        #expect(asked == 2, "\(asked) requests after the first page")
        #expect(list.addressing == nil && !list.isAddressable && !list.isFindingEnd)
        #expect(list.pagingNote?.contains("do not follow") == true, "\(String(describing: list.pagingNote))")
        #expect(list.failure?.kind == .refusedNext)
        #expect((0..<20).allSatisfy { list.item(at: $0)?.id == $0 + 1 })
    }

    /// A list whose links follow the offsets but which never ends (any offset answers):
    /// the search climbs 24 probes (2²⁴ pages up), stops, says so, and End walks.
    @Test func anEndlessListStopsTheSearchAfterTwoDozenProbes() throws {
        let answer = { (request: PageRequest) in Self.anyOffset(request) { $0 + 20 } }
        let list = try Self.started(answer)
        let asked = Self.end(list, until: { list.pagingNote != nil }, answer)
        #expect(asked == SparseEnd.maxClimb, "\(asked) probes")
        #expect(!list.isFindingEnd && list.isWalking && !list.isAddressable)
        #expect(list.pagingNote?.contains("no end in 24 probes") == true, "\(String(describing: list.pagingNote))")
        // The walk goes on from where it was, page by page (Esc stops it).
        let walked = Self.end(list, limit: 3, answer)
        #expect(walked == 3 && list.count >= 60)
    }

    /// The pages of a stated 100 shrink (20, 10, 5, 2, 1 items, each page's `next` to the
    /// one after it): G showed `30 / 30 · end` and 8 items were never shown. The first
    /// short page that says more follow makes the list walk from the top: all 38 in order.
    @Test func pagesThatShrinkAreWalkedSoEveryItemServedShows() throws {
        let sizes = [20, 10, 5, 2, 1]
        let answer: (PageRequest) -> Result<PageContent<Row>, PageFailure> = { request in
            let index = request.index
            let before = sizes.prefix(index).reduce(0, +)
            let count = index < sizes.count ? sizes[index] : 0
            let next = index < sizes.count - 1 ? SparseListTests.addressing.request(forPage: index + 1) : nil
            return .success(PageContent(items: (0..<count).map { Row(id: before + $0 + 1) }, next: next, totalCount: 100))
        }
        let list = SparseListTests.list()
        let first = try #require(list.ticketsForPages(near: 0..<10, before: 0, after: 0).first)
        list.apply(answer(first.request), for: first)
        #expect(list.isAddressable && list.count == 100)
        // G: the screen at the end asks pages 4 and 5; page 4's 2 items and its `next` say
        // the pages shrink: the list walks pages 1 to 5 (every one, the first again).
        var asked = 0
        while asked < 50 {
            let tickets = list.ticketsForPages(near: SparseListEndTests.atTheEnd(list.isAddressable ? list.count : 100), before: 0, after: 0)
            if tickets.isEmpty { break }
            for ticket in tickets {
                asked += 1
                list.apply(answer(ticket.request), for: ticket)
            }
        }
        #expect(asked == 2 + 5, "\(asked) requests")
        #expect(list.count == 38 && list.isComplete && !list.hasMore)
        #expect((0..<38).allSatisfy { list.item(at: $0)?.id == $0 + 1 })
        #expect(list.pagingNote?.contains("said more follow") == true, "\(String(describing: list.pagingNote))")
    }
}
