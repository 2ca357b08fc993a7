import Foundation
import Testing
@testable import PortalCore
@testable import PortalPaging
import PortalTestSupport

/// Where an addressable list ends when its pages contradict its total: an empty page, a
/// short one or a 404 past the items seen brackets the end, which is then found in a
/// bounded number of probes (never one page at a time), and totals stop being believed.
@Suite("The sparse list finds its real end in a bounded number of requests")
struct SparseListEndTests {
    typealias Row = SparseListTests.Row

    /// A server whose pages 0..<fullPages hold 20 rows each, with `last` rows on page
    /// `fullPages` (0 for none), every answer claiming `claimed` (nil: none).
    static func answer(_ index: Int, fullPages: Int, last: Int = 0, claimed: Int?) -> Result<PageContent<Row>, PageFailure> {
        let count = index < fullPages ? 20 : index == fullPages ? last : 0
        let ids = count == 0 ? [] : Array((index * 20 + 1)...(index * 20 + count))
        return .success(PageContent(items: ids.map(Row.init), next: nil, totalCount: claimed))
    }

    /// Answers every ticket the list hands out (pages and probes) for `visible` until it
    /// asks for nothing more; returns how many requests that took.
    @discardableResult
    static func settle(_ list: SparseList<Row>, _ visible: (Int) -> Range<Int>, limit: Int = 1_000, lastFirst: Bool = false,
                       answer: (Int) -> Result<PageContent<Row>, PageFailure>) -> Int {
        var asked = 0
        while asked < limit {
            let tickets = list.ticketsForPages(near: visible(list.count), before: 0, after: 0)
            if tickets.isEmpty { break }
            for ticket in lastFirst ? tickets.sorted(by: { $0.request.index > $1.request.index }) : tickets {
                asked += 1
                list.apply(answer(ticket.request.index), for: ticket)
            }
        }
        return asked
    }

    static func atTheEnd(_ count: Int) -> Range<Int> { max(0, count - 30)..<count }

    @Test(arguments: [3, 1, 40, 1_000])
    func anEmptyPageAtTheEndOfALyingTotalFindsTheRealEndInAFewRequests(fullPages: Int) throws {
        let list = try SparseListTests.started(total: 1_000_000)
        let asked = Self.settle(list, Self.atTheEnd) { Self.answer($0, fullPages: fullPages, claimed: 1_000_000) }
        #expect(list.count == fullPages * 20)
        // The end is on screen, whole (pages the search skipped load when shown).
        #expect(Self.atTheEnd(list.count).allSatisfy { list.item(at: $0)?.id == $0 + 1 })
        // A page at a time would be 50,000 − fullPages requests; a bounded search is about
        // twice the logarithm of the pages that have items, whatever the claim.
        #expect(asked <= 2 * Int(log2(Double(fullPages + 1)).rounded(.up)) + 16, "\(asked) requests")
        #expect(list.pagesInFlight == 0)
        // Nothing is asked again at the end, and the claim is no longer believed.
        #expect(list.ticketsForPages(near: Self.atTheEnd(list.count), before: 0, after: 0).isEmpty)
        #expect(list.count == fullPages * 20)
    }

    @Test func theServersOwnShrunkenTotalIsTakenOnceAndAShortPageEndsTheList() throws {
        // 826 rows, then the server holds 810: G asks page 41 (820…), which now is past the end.
        let list = try SparseListTests.started(total: 826)
        let asked = Self.settle(list, Self.atTheEnd, lastFirst: true) { index in
            index > 40 ? .failure(PageFailure(.http(status: 404), "There is nothing here")) : Self.answer(index, fullPages: 40, last: 10, claimed: 810)
        }
        #expect(list.count == 810 && list.item(at: 809)?.id == 810)
        #expect(asked <= 6, "\(asked) requests")
    }

    /// A 404 past the items (a lying total on a server that answers 404 past its end)
    /// is the same evidence as an empty page: the end is found, not "error — r to retry"
    /// at 1,000,000.
    @Test func a404PastTheItemsFindsTheEndInsteadOfFailing() throws {
        let list = try SparseListTests.started(total: 1_000_000)
        let asked = Self.settle(list, Self.atTheEnd) { index in
            index < 3 ? Self.answer(index, fullPages: 3, claimed: 1_000_000) : .failure(PageFailure(.http(status: 404), "There is nothing here"))
        }
        #expect(list.count == 60 && list.failure == nil)
        #expect(Self.atTheEnd(60).allSatisfy { list.item(at: $0)?.id == $0 + 1 })
        #expect(asked <= 8, "\(asked) requests")
    }

    /// Pages that shrink (count 100; pages of 20, 10, 5, 2, 1 rows): the first short page
    /// ends the list, so every index has its item and no placeholder waits forever.
    @Test(arguments: [false, true])
    func pagesThatShrinkEndAtTheFirstShortPage(jumpFirst: Bool) throws {
        let sizes = [20, 10, 5, 2, 1]
        let answer: (Int) -> Result<PageContent<Row>, PageFailure> = { index in
            let before = sizes.prefix(index).reduce(0, +)
            let count = index < sizes.count ? sizes[index] : 0
            return .success(PageContent(items: (0..<count).map { Row(id: before + $0 + 1) }, next: nil,
                                        totalCount: index == sizes.count - 1 ? before + count : 100))
        }
        let list = try SparseListTests.started(total: 100)
        if jumpFirst { Self.settle(list, Self.atTheEnd, answer: answer) } else { Self.settle(list, { 0..<$0 }, answer: answer) }
        #expect(list.count == 30)
        #expect((0..<list.count).allSatisfy { list.item(at: $0) != nil })
        #expect(list.isComplete)
    }

    /// A total that grows again after the end was found is not believed: only pages are.
    @Test func afterTheEndIsFoundReportedTotalsAreNotBelieved() throws {
        let list = try SparseListTests.started(total: 1_000_000)
        Self.settle(list, Self.atTheEnd) { Self.answer($0, fullPages: 3, claimed: 1_000_000) }
        #expect(list.count == 60)
        let refresh = list.ticketsForPages(near: 0..<60, before: 0, after: 0)
        #expect(refresh.isEmpty)
        // A refresh starts over: the new generation believes its first page again.
        list.refresh()
        let first = try #require(list.ticketsForPages(near: 0..<20, before: 0, after: 0).first)
        list.apply(Self.answer(0, fullPages: 3, claimed: 1_000_000), for: first)
        #expect(list.count == 1_000_000)
    }

    /// A probe that fails for another reason than "no such page" ends the search where
    /// the whole pages stop, instead of asking on.
    @Test func aFailedProbeEndsTheSearch() throws {
        let list = try SparseListTests.started(total: 1_000_000)
        let asked = Self.settle(list, Self.atTheEnd) { index in
            index == 0 || index == 49_999 || index == 49_998 ? Self.answer(index, fullPages: 3, claimed: 1_000_000)
                : .failure(PageFailure(.http(status: 500), "HTTP 500"))
        }
        #expect(list.count == 20 && list.pagesInFlight == 0)
        #expect(asked <= 4, "\(asked) requests")
    }
}
