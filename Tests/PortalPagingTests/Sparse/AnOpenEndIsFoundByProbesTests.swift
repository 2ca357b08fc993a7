import Foundation
import Testing
@testable import PortalCore
@testable import PortalPaging
import PortalTestSupport

/// End on a list that addresses its pages but reports no total (graphene-django's and
/// strawberry's offset cursors without `totalCount`, FastAPI's `list[Item]` with
/// skip/limit): the end is found by probes in a bounded number of requests instead of a
/// walk of every page, and the list becomes addressable with the total the pages support.
@Suite("End on a list with addressable pages and no total finds the end by probes")
struct SparseListOpenEndTests {
    typealias Row = SparseListTests.Row

    /// Page `index` of `total` rows (ids are positions + 1), with its next link and no total.
    static func page(_ index: Int, total: Int) -> Result<PageContent<Row>, PageFailure> {
        let lower = min(total, index * 20)
        let upper = min(total, lower + 20)
        let next = upper < total ? SparseListTests.addressing.request(forPage: index + 1) : nil
        return .success(PageContent(items: (lower..<upper).map { Row(id: $0 + 1) }, next: next, totalCount: nil))
    }

    /// A list whose first page came in without a total: sequential until End.
    static func started(total: Int) throws -> SparseList<Row> {
        let list = SparseListTests.list()
        let first = try #require(list.ticketsForPages(near: 0..<10, before: 0, after: 0).first)
        list.apply(page(0, total: total), for: first)
        #expect(!list.isAddressable && list.hasMore)
        return list
    }

    /// End, then every ticket answered until the list asks for nothing more at its end;
    /// returns the requests that took.
    static func end(_ list: SparseList<Row>, limit: Int = 100_000, answer: (PageTicket) -> Result<PageContent<Row>, PageFailure>) -> Int {
        #expect(list.startWalk())
        var asked = 0
        while asked < limit {
            let tickets = list.ticketsForPages(near: SparseListEndTests.atTheEnd(list.count), before: 0, after: 0)
            if tickets.isEmpty { break }
            for ticket in tickets {
                asked += 1
                list.apply(answer(ticket), for: ticket)
            }
        }
        return asked
    }

    @Test(arguments: [826, 1_000_000, 41, 45])
    func endFindsTheEndInAFewRequestsAndShowsItWhole(total: Int) throws {
        let list = try Self.started(total: total)
        let asked = Self.end(list) { Self.page($0.request.index, total: total) }
        #expect(list.isAddressable)
        #expect(list.count == total)
        #expect(SparseListEndTests.atTheEnd(total).allSatisfy { list.item(at: $0)?.id == $0 + 1 })
        // A walk is a request a page (42 for 826, 50,000 for a million); the search about
        // twice the logarithm of the pages, plus the screen at the end.
        let pages = total / 20 + 1
        #expect(asked <= 2 * Int(log2(Double(pages)).rounded(.up)) + 4, "\(asked) requests for \(total)")
        #expect(list.pagesInFlight == 0 && list.failure == nil)
        // The top is still there (the walked page kept its items), and nothing is asked again.
        #expect(list.item(at: 0)?.id == 1)
        #expect(list.ticketsForPages(near: SparseListEndTests.atTheEnd(total), before: 0, after: 0).isEmpty)
    }

    @Test func theSearchKeepsThePagesItSawAndAsksTheRestWhenShown() throws {
        let list = try Self.started(total: 826)
        var asked: [Int] = []
        _ = Self.end(list) { ticket in
            asked.append(ticket.request.index)
            return Self.page(ticket.request.index, total: 826)
        }
        #expect(Set(asked).count == asked.count, "a page asked twice: \(asked)")
        // Scrolling back to the middle asks only the pages not seen, each once.
        let middle = SparseListTests.load(list, 400..<420, total: 826)
        #expect(!middle.contains { asked.contains($0) })
        #expect((400..<420).allSatisfy { list.item(at: $0)?.id == $0 + 1 })
    }

    /// A server that ignores the page asked for (every answer is page 1): the probes are
    /// not believed, End walks instead, and the walk's guard ends it.
    @Test func aServerThatIgnoresThePageMakesEndWalk() throws {
        let list = try Self.started(total: 826)
        let asked = Self.end(list, limit: 200) { _ in Self.page(0, total: 826) }
        #expect(!list.isAddressable)
        #expect(list.count == 20)
        #expect(asked < 200, "\(asked) requests")
        #expect((0..<20).allSatisfy { list.item(at: $0)?.id == $0 + 1 })
    }

    /// A probe failing with a server error gives up the search: End walks, and every
    /// row arrives in order.
    @Test func aFailedProbeFallsBackToTheWalk() throws {
        let list = try Self.started(total: 100)
        var failedOnce = false
        let asked = Self.end(list) { ticket in
            if ticket.request.index >= 2, !failedOnce {
                failedOnce = true
                return .failure(PageFailure(.http(status: 500), "HTTP 500"))
            }
            return Self.page(ticket.request.index, total: 100)
        }
        #expect(failedOnce)
        #expect(list.count == 100 && (0..<100).allSatisfy { list.item(at: $0)?.id == $0 + 1 })
        #expect(asked <= 8, "\(asked) requests")
    }

    /// End while the next page is in flight: it still lands, the search goes past it, and
    /// no row is shown twice or lost.
    @Test func endWithThePageAfterInFlight() throws {
        let list = try Self.started(total: 826)
        let next = try #require(list.ticketsForPages(near: 0..<20, before: 0, after: 20).first)
        #expect(next.request.index == 1)
        #expect(list.startWalk())
        list.apply(Self.page(1, total: 826), for: next)
        _ = Self.end(list) { Self.page($0.request.index, total: 826) }
        #expect(list.count == 826)
        #expect((0..<40).allSatisfy { list.item(at: $0)?.id == $0 + 1 })
        #expect(SparseListEndTests.atTheEnd(826).allSatisfy { list.item(at: $0)?.id == $0 + 1 })
        #expect(list.duplicatesDropped == 0)
    }

    /// Pages of uneven size cannot be addressed by index: End walks as before.
    @Test func unevenPagesWalk() throws {
        let list = SparseListTests.list()
        let first = try #require(list.ticketsForPages(near: 0..<10, before: 0, after: 0).first)
        list.apply(.success(PageContent(items: (1...15).map(Row.init), next: SparseListTests.addressing.request(forPage: 1), totalCount: nil)), for: first)
        #expect(list.startWalk())
        #expect(list.isWalking && !list.isFindingEnd)
    }
}
