import Foundation
import PortalCore
import PortalTestSupport
import PortalUI
import Testing

/// The load-more rule as a pure function of the grid's state (`PageWindow`), and the one
/// planning step that turns it into fetches and cancellations after every event.
@Suite("Planning: the load-more window and the planner")
struct OnlyTheScreensPagesArePlannedAndAskedTests {
    /// A 100×24 grid (3 columns, 6 rows of cards on screen) holding `count` items,
    /// scrolled to `offset` rows.
    static func grid(count: Int, offset: Int = 0) -> GridState {
        var grid = GridState()
        grid.resize(width: 100, height: 24)
        grid.setItemCount(count)
        if offset > 0 { grid.select(min(count - 1, (offset + 5) * 3)) }
        return grid
    }

    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var grid: GridState
        var rowsBeyond: Int
        var direction: PrefetchDistance.Direction
        var expected: PageWindow
        var description: String { name }
    }

    static let cases: [Case] = [
        // At the top the only way is down, whatever the last direction.
        Case(name: "top, at rest", grid: grid(count: 826), rowsBeyond: 7, direction: .down,
             expected: PageWindow(visible: 0..<18, before: 0, after: 21)),
        Case(name: "top, last scrolled up", grid: grid(count: 826), rowsBeyond: 7, direction: .up,
             expected: PageWindow(visible: 0..<18, before: 0, after: 21)),
        // Mid-list the margin goes the way the user scrolls.
        Case(name: "middle, down", grid: grid(count: 826, offset: 100), rowsBeyond: 7, direction: .down,
             expected: PageWindow(visible: 300..<318, before: 0, after: 21)),
        Case(name: "middle, up", grid: grid(count: 826, offset: 100), rowsBeyond: 7, direction: .up,
             expected: PageWindow(visible: 300..<318, before: 21, after: 0)),
        // At the end (End) the only way is up: the pages shown and the one above.
        Case(name: "end", grid: grid(count: 826, offset: 1_000), rowsBeyond: 7, direction: .down,
             expected: PageWindow(visible: 810..<826, before: 21, after: 0)),
        // A first page too short to fill the screen: the window reaches past what is
        // loaded, so the next page is asked (a tall terminal fills itself).
        Case(name: "short first page", grid: grid(count: 6), rowsBeyond: 7, direction: .down,
             expected: PageWindow(visible: 0..<6, before: 0, after: 21)),
        Case(name: "empty list", grid: grid(count: 0), rowsBeyond: 7, direction: .down,
             expected: PageWindow(visible: 0..<0, before: 0, after: 21)),
        // A count near the 64-bit limit: the margin saturates, nothing traps.
        Case(name: "huge count, huge margin", grid: grid(count: Int.max), rowsBeyond: Int.max, direction: .down,
             expected: PageWindow(visible: 0..<18, before: 0, after: Int.max)),
    ]

    @Test(arguments: cases)
    func theWindowIsAPureFunctionOfTheGrid(_ c: Case) {
        #expect(PageWindow.of(c.grid, rowsBeyond: c.rowsBeyond, direction: c.direction) == c.expected)
        // The same state gives the same window: nothing in it is remembered.
        #expect(PageWindow.of(c.grid, rowsBeyond: c.rowsBeyond, direction: c.direction) == c.expected)
    }

    @Test func pageRowsRoundUp() {
        let g = Self.grid(count: 826)
        #expect(PageWindow.pageRows(perPage: 20, in: g) == 7)
        #expect(PageWindow.pageRows(perPage: 21, in: g) == 7)
        #expect(PageWindow.pageRows(perPage: 22, in: g) == 8)
        #expect(PageWindow.pageRows(perPage: 0, in: g) == 1)
    }

    /// The page effects among `effects` (requests and cancellations), by page index.
    static func fetched(_ effects: [Effect]) -> [Int] {
        effects.compactMap { if case .fetchPage(_, let ticket, _, _) = $0 { ticket.request.index } else { nil } }
    }

    static func cancelled(_ effects: [Effect]) -> [Int] {
        effects.compactMap { if case .cancelPage(_, let request) = $0 { request.index } else { nil } }
    }

    @MainActor @Test func holdingPageDownAgainstASlowServerKeepsOnlyTheScreensPagesInFlight() async {
        // Nothing is delivered while PgDn is held (a server that takes seconds): pages the
        // viewport left are cancelled, so what is in flight is bounded by what is near the
        // screen, not by the keys pressed — and the page on screen goes first.
        let h = Harness(size: Size(columns: 100, rows: 30))
        await h.runner.drain(into: h.controller)
        var inFlight = Set<Int>()
        let grid = h.controller.grid.state
        // The farthest the prefetch ever reaches: pages beyond it are cancelled.
        let keep = grid.viewportRows * (h.controller.prefetch.maxViewportsBeyond + 1) * grid.columns
        for _ in 0..<40 {
            let effects = h.send(.key(.pageDown))
            inFlight.subtract(Self.cancelled(effects))
            inFlight.formUnion(Self.fetched(effects))
            let visible = h.controller.grid.visibleRange
            let near = max(0, visible.lowerBound - keep) / 20...(visible.upperBound + keep) / 20
            #expect(inFlight.allSatisfy { near.contains($0) }, "in flight \(inFlight.sorted()), near \(near)")
            #expect(inFlight.count <= near.count)
        }
        #expect(!h.runner.log.filter { if case .cancelPage = $0 { true } else { false } }.isEmpty)
        // The screen's page is asked on screen priority.
        let screenPage = h.controller.list.page(containing: h.controller.grid.visibleRange.lowerBound)
        let priorities = h.runner.log.compactMap { effect -> (Int, FetchPriority)? in
            if case .fetchPage(_, let ticket, _, let priority) = effect { (ticket.request.index, priority) } else { nil }
        }
        #expect(priorities.last { $0.0 == screenPage }?.1 == .onScreen)
        // Delivering what is left fills the screen with the right cards, each page once.
        await h.runner.drain(into: h.controller)
        let selected = h.controller.listView.selectedItem?.character?.id
        #expect(selected == (h.controller.grid.selection ?? -1) + 1)
        #expect(Set(h.pageURLs).count == h.pageURLs.count)
    }

    @MainActor @Test func aKeyHandlerChangesStateAndThePlannerFetchesOnce() async {
        // Down on the last loaded row of a list that walks: one page, however many keys.
        let h = Harness(size: Size(columns: 100, rows: 30), sequential: true)
        await h.runner.drain(into: h.controller)
        var pages: [Int] = []
        for _ in 0..<50 { pages += Self.fetched(h.send(.key(.down))) }
        #expect(pages.count == 1, "\(pages)")
    }

    @MainActor @Test func rAsksTheFailedPageAgainThroughThePlanner() async {
        let failing = FailingTransport(TestData.snapshot)
        failing.fail("/character")
        let h = Harness(size: Size(columns: 100, rows: 30), inner: failing)
        await h.runner.drain(into: h.controller)
        #expect(h.controller.list.failure != nil)
        failing.fail(nil)
        let retried = h.send(.key(.character("r")))
        #expect(Self.fetched(retried) == [0])
        await h.runner.drain(into: h.controller)
        #expect(h.controller.list.failure == nil && h.controller.list.count == 826)
    }
}

/// A server that reports a total near the 64-bit limit: every page says so.
struct HugeCount: Transport {
    let inner: any Transport
    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let answer = try await inner.send(request)
        let text = String(decoding: answer.body, as: UTF8.self).replacingOccurrences(of: #""count":826"#, with: #""count":9223372036854775807"#)
        return HTTPResponse(status: answer.status, headers: answer.headers, body: Data(text.utf8))
    }
}

@MainActor @Suite("A total at the edge")
struct HugeTotalTests {
    @Test func aTotalNearIntMaxIsCappedSaidSoAndEndWorks() async {
        let h = Harness(size: Size(columns: 100, rows: 30), inner: HugeCount(inner: TestData.snapshot))
        await h.runner.drain(into: h.controller)
        #expect(h.controller.list.totalCount == ReportedCount.maximum)
        h.press(.end, .pageUp, .home, .end)
        h.type(":1,000,000,000,000")
        h.press(.enter)
        #expect(h.controller.grid.selection == ReportedCount.maximum - 1)
        let status = h.screen().text.split(separator: "\n").dropLast().last.map(String.init) ?? ""
        #expect(status.contains("1,000,000,000,000 / 1,000,000,000,000") && status.contains("capped (the server reports more)"), "\(h.screen().text)")
    }
}
