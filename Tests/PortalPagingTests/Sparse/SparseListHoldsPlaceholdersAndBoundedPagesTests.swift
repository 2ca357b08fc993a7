import Foundation
import Testing
@testable import PortalCore
import PortalDemoModels
@testable import PortalPaging
import PortalPresets
import PortalTestSupport

/// The sparse list as a state machine: pages given by hand (ids `index*20+1 …`), so every
/// rule (placeholders, per-page guard, eviction, generations, totals, duplicates,
/// retries) is checked exactly. `SparseListSnapshotTests` runs it against the snapshot.
@Suite("The sparse list: placeholders, per-page loading, bounded memory")
struct SparseListTests {
    struct Row: Identifiable, Sendable, Equatable {
        let id: Int
    }

    static let addressing = PageAddressing(pageSize: 20) { index in
        PageRequest(url: URL(string: "http://rows.test/rows?page=\(index + 1)")!, index: index)
    }

    static func list(maxPages: Int = 100, maxInFlight: Int = 100, clock: ManualClock = ManualClock()) -> SparseList<Row> {
        SparseList(firstPage: addressing.request(forPage: 0)!, addressing: addressing, maxPages: maxPages, maxInFlight: maxInFlight, clock: clock)
    }

    /// Page `index` of a list of `total` rows whose ids are their positions + 1.
    static func page(_ index: Int, total: Int) -> Result<PageContent<Row>, PageFailure> {
        let ids = (index * 20 + 1)...min(total, (index + 1) * 20)
        return .success(PageContent(items: ids.map(Row.init), next: nil, totalCount: total))
    }

    static func rows(_ ids: [Int], total: Int) -> Result<PageContent<Row>, PageFailure> {
        .success(PageContent(items: ids.map(Row.init), next: nil, totalCount: total))
    }

    /// A list of `total` rows with its first page in.
    static func started(total: Int, maxPages: Int = 100, maxInFlight: Int = 100, clock: ManualClock = ManualClock()) throws -> SparseList<Row> {
        let list = list(maxPages: maxPages, maxInFlight: maxInFlight, clock: clock)
        let first = try #require(list.ticketsForPages(near: 0..<10, before: 0, after: 0).first)
        #expect(list.apply(page(0, total: total), for: first) == .loaded(0..<min(20, total)))
        return list
    }

    /// Loads every ticket the list hands out for `visible`, answering from a list of `total`.
    @discardableResult
    static func load(_ list: SparseList<Row>, _ visible: Range<Int>, before: Int = 0, after: Int = 0, total: Int) -> [Int] {
        let tickets = list.ticketsForPages(near: visible, before: before, after: after)
        for ticket in tickets { list.apply(page(ticket.request.index, total: total), for: ticket) }
        return tickets.map(\.request.index)
    }

    @Test func everyIndexIsAnItemOrAPlaceholderOnceTheTotalIsKnown() throws {
        let list = Self.list()
        #expect(list.mode == .awaitingFirstPage && list.count == 0)
        let first = try #require(list.ticketsForPages(near: 0..<10, before: 0, after: 0).first)
        #expect(first.request == Self.addressing.request(forPage: 0))
        #expect(list.slot(at: 0) == .placeholder(loading: true))
        #expect(list.apply(Self.page(0, total: 1_000_000), for: first) == .loaded(0..<20))
        #expect(list.mode == .addressable(pageSize: 20) && list.isAddressable)
        #expect(list.count == 1_000_000 && list.pageCount == 50_000)
        #expect(list.slot(at: 19) == .item(Row(id: 20)))
        #expect(list.slot(at: 20) == .placeholder(loading: false))
        #expect(list.slot(at: 999_999) == .placeholder(loading: false))
        // The end: only the pages on screen are asked for, and show "loading" meanwhile.
        let tickets = list.ticketsForPages(near: 999_970..<1_000_000, before: 0, after: 0)
        #expect(tickets.map(\.request.index) == [49_998, 49_999])
        #expect(list.slot(at: 999_999) == .placeholder(loading: true))
        #expect(list.state(ofPage: 49_999) == .loading)
        #expect(list.apply(Self.page(49_999, total: 1_000_000), for: tickets[1]) == .loaded(999_980..<1_000_000))
        #expect(list.slot(at: 999_999) == .item(Row(id: 1_000_000)))
        #expect(list.slot(at: 999_979) == .placeholder(loading: true))
        // Nothing else moved.
        #expect(list.slot(at: 0) == .item(Row(id: 1)))
        #expect(list.index(ofID: 1_000_000) == 999_999)
        #expect(list.loadedPageCount == 2 && list.pagesInFlight == 1)
    }

    struct Entry: Identifiable, Sendable, Equatable {
        let id: Int
        var detailed = false
    }

    /// A fuller copy of a loaded item (a Pokémon's detail after its list entry) takes its
    /// place, in either mode; nothing else moves, and an id not loaded changes nothing.
    @Test(arguments: [true, false])
    func aFullerCopyReplacesALoadedItemInPlace(addressable: Bool) throws {
        let list = SparseList<Entry>(firstPage: Self.addressing.request(forPage: 0)!, addressing: addressable ? Self.addressing : nil)
        let first = try #require(list.ticketsForPages(near: 0..<10, before: 0, after: 0).first)
        let next = addressable ? nil : Self.addressing.request(forPage: 1)
        _ = list.apply(.success(PageContent(items: (1...20).map { Entry(id: $0) }, next: next, totalCount: 100)), for: first)
        #expect(list.isAddressable == addressable)
        #expect(list.replace(Entry(id: 5, detailed: true)) == 4)
        #expect(list.item(at: 4) == Entry(id: 5, detailed: true))
        #expect(list.item(at: 3) == Entry(id: 4) && list.item(at: 5) == Entry(id: 6))
        #expect(list.replace(Entry(id: 50, detailed: true)) == nil)
        #expect(list.item(at: 49) == nil)
        #expect(list.index(ofID: 5) == 4 && list.index(ofID: 50) == nil)
        #expect(list.count == (addressable ? 100 : 20))
    }

    @Test func pagesLoadInBothDirectionsNearestFirst() throws {
        let list = try Self.started(total: 1000)
        // On screen: items 400..<440 (pages 20, 21); margins of 40 items on both sides.
        let order = list.ticketsForPages(near: 400..<440, before: 40, after: 40).map(\.request.index)
        #expect(order == [20, 21, 22, 19, 23, 18])
        // Scrolling up (the larger margin above): the page above comes first.
        let up = try Self.started(total: 1000)
        #expect(up.ticketsForPages(near: 400..<440, before: 60, after: 20).map(\.request.index) == [20, 21, 19, 22, 18, 17])
    }

    @Test func aPageIsAskedForOnceNeverWhileInFlightNorOnceLoaded() throws {
        let list = try Self.started(total: 1000)
        var asked: [Int] = []
        var tickets: [PageTicket] = []
        for start in stride(from: 0, through: 300, by: 7) {
            let new = list.ticketsForPages(near: start..<start + 40, before: 20, after: 20)
            asked += new.map(\.request.index)
            tickets += new
        }
        #expect(asked == Array(1...17))
        #expect(tickets.allSatisfy { list.state(ofPage: $0.request.index) == .loading })
        for ticket in tickets { list.apply(Self.page(ticket.request.index, total: 1000), for: ticket) }
        for start in stride(from: 300, through: 0, by: -5) {
            #expect(list.ticketsForPages(near: start..<start + 40, before: 20, after: 20).isEmpty)
        }
        // A result applied twice (a duplicated message) changes nothing the second time.
        #expect(list.apply(Self.page(3, total: 1000), for: tickets[2]) == .ignored)
    }

    @Test func prefetchStopsAtMaxInFlightButPagesOnScreenAreAlwaysAsked() throws {
        let list = try Self.started(total: 10_000, maxInFlight: 2)
        // Three pages on screen: all asked, though over the limit; no margin page.
        #expect(list.ticketsForPages(near: 1000..<1060, before: 100, after: 100).map(\.request.index) == [50, 51, 52])
        let list2 = try Self.started(total: 10_000, maxInFlight: 2)
        #expect(list2.ticketsForPages(near: 1000..<1010, before: 100, after: 100).map(\.request.index) == [50, 51])
        #expect(list2.ticketsForPages(near: 1000..<1010, before: 100, after: 100).isEmpty)
    }

    @Test func pagesFarthestFromTheViewportAreDroppedFirstAndComeBack() throws {
        let list = try Self.started(total: 10_000, maxPages: 3)
        Self.load(list, 20..<60, total: 10_000)  // pages 1, 2: loaded 0, 1, 2
        #expect(list.loadedPageCount == 3)
        // Jump to page 100: the farthest pages (0, then 1) give way.
        #expect(Self.load(list, 2000..<2010, total: 10_000) == [100])
        #expect(list.loadedPageCount == 3)
        #expect(list.state(ofPage: 0) == .idle && list.state(ofPage: 1) == .loaded && list.state(ofPage: 2) == .loaded)
        #expect(Self.load(list, 2020..<2030, total: 10_000) == [101])
        #expect(list.state(ofPage: 1) == .idle && list.state(ofPage: 2) == .loaded)
        // A dropped page is a placeholder again, its ids forgotten, and asked for again.
        #expect(list.slot(at: 5) == .placeholder(loading: false) && list.index(ofID: 6) == nil)
        #expect(Self.load(list, 0..<10, total: 10_000) == [0])
        #expect(list.slot(at: 5) == .item(Row(id: 6)))
        #expect(list.state(ofPage: 100) == .loaded && list.state(ofPage: 101) == .idle)
    }

    @Test func pagesNearTheViewportAreKeptBeyondTheBoundSoNothingLoops() throws {
        let list = try Self.started(total: 10_000, maxPages: 1)
        #expect(Self.load(list, 500..<560, before: 20, after: 20, total: 10_000) == [25, 26, 27, 28, 24])
        #expect(list.loadedPageCount == 5)
        #expect(list.ticketsForPages(near: 500..<560, before: 20, after: 20).isEmpty)
    }

    @Test func aResetDropsEverythingAndLateResultsOfTheOldGeneration() throws {
        let list = try Self.started(total: 1000)
        let late = try #require(list.ticketsForPages(near: 500..<520, before: 0, after: 0).first)
        list.reset(firstPage: Self.addressing.request(forPage: 0)!, addressing: Self.addressing)
        #expect(list.mode == .awaitingFirstPage && list.count == 0 && list.generation == late.generation + 1)
        #expect(list.apply(Self.page(late.request.index, total: 1000), for: late) == .ignored)
        let first = try #require(list.ticketsForPages(near: 0..<10, before: 0, after: 0).first)
        #expect(first.generation == list.generation)
        #expect(list.apply(Self.page(0, total: 45), for: first) == .loaded(0..<20))
        #expect(list.count == 45 && list.state(ofPage: 25) == .idle)
        // An old-generation first-page ticket cannot switch the mode either.
        list.reset(firstPage: Self.addressing.request(forPage: 0)!, addressing: Self.addressing)
        #expect(list.apply(Self.page(0, total: 45), for: first) == .ignored)
        #expect(list.mode == .awaitingFirstPage)
    }

    @Test func aShrinkingTotalDropsPagesPastTheEndAndKeepsTheRest() throws {
        let list = try Self.started(total: 100)
        let tickets = list.ticketsForPages(near: 20..<100, before: 0, after: 0)
        #expect(tickets.map(\.request.index) == [1, 2, 3, 4])
        list.apply(Self.page(2, total: 100), for: tickets[1])
        list.apply(Self.page(4, total: 100), for: tickets[3])
        // Page 1 comes back from a server that now has 50 rows.
        #expect(list.apply(Self.page(1, total: 50), for: tickets[0]) == .loaded(20..<40))
        #expect(list.count == 50 && list.pageCount == 3)
        // Page 4 is gone, page 2 is cut to its first 10 rows, page 3's late result dropped.
        #expect(list.state(ofPage: 4) == .idle && list.index(ofID: 81) == nil)
        #expect(list.state(ofPage: 2) == .loaded && list.slot(at: 49) == .item(Row(id: 50)) && list.index(ofID: 51) == nil)
        #expect(list.apply(Self.page(3, total: 100), for: tickets[2]) == .ignored)
        #expect(list.count == 50)
        #expect((0..<50).allSatisfy { list.item(at: $0)?.id == $0 + 1 })
        #expect(list.ticketsForPages(near: 0..<50, before: 0, after: 0).isEmpty)
    }

    @Test func aGrowingTotalAsksOnceMoreForThePageItCutShort() throws {
        let list = try Self.started(total: 90)
        #expect(Self.load(list, 80..<90, total: 90) == [4])
        #expect(list.slot(at: 89) == .item(Row(id: 90)))
        // A later answer says 110: page 4 (10 of 20) is asked once more, page 5 is new.
        let tickets = list.ticketsForPages(near: 20..<40, before: 0, after: 0)
        #expect(list.apply(Self.page(1, total: 110), for: tickets[0]) == .loaded(20..<40))
        #expect(list.count == 110)
        #expect(list.slot(at: 95) == .placeholder(loading: false))
        let refresh = list.ticketsForPages(near: 80..<110, before: 0, after: 0)
        #expect(refresh.map(\.request.index) == [4, 5])
        // While it is in flight the items it had stay on screen.
        #expect(list.slot(at: 85) == .item(Row(id: 86)) && list.slot(at: 95) == .placeholder(loading: true))
        #expect(list.apply(Self.page(4, total: 110), for: refresh[0]) == .loaded(80..<100))
        #expect(list.slot(at: 95) == .item(Row(id: 96)))
        #expect(list.ticketsForPages(near: 80..<110, before: 0, after: 0).isEmpty)
    }

    /// A live server shifted rows between two pages: an id already shown at another index
    /// stays where it was first shown, and its second index stays a placeholder.
    @Test func anIDIsNeverShownTwice() throws {
        let list = try Self.started(total: 100)
        let tickets = list.ticketsForPages(near: 20..<40, before: 0, after: 0)
        // Row 20 (index 19, page 0) comes again at the top of page 1, and 25 twice.
        #expect(list.apply(Self.rows([20, 21, 22, 23, 24, 25, 25] + Array(27...39), total: 100), for: tickets[0]) == .loaded(20..<40))
        #expect(list.slot(at: 19) == .item(Row(id: 20)) && list.slot(at: 20) == .placeholder(loading: false))
        #expect(list.slot(at: 25) == .item(Row(id: 25)) && list.slot(at: 26) == .placeholder(loading: false))
        #expect(list.index(ofID: 20) == 19 && list.index(ofID: 25) == 25)
        #expect(list.duplicatesDropped == 2)
        let shown = (0..<40).compactMap { list.item(at: $0)?.id }
        #expect(shown.count == Set(shown).count)
        #expect(list.state(ofPage: 1) == .loaded)
    }

    @Test func aFailedPageWaitsForRetryAndItsRetryAfter() throws {
        let clock = ManualClock()
        let list = try Self.started(total: 1000, clock: clock)
        let tickets = list.ticketsForPages(near: 200..<240, before: 0, after: 0)
        #expect(tickets.map(\.request.index) == [10, 11])
        let slowDown = PageFailure(.http(status: 429), "HTTP 429 Too Many Requests", retryAfter: 5)
        #expect(list.apply(.failure(slowDown), for: tickets[0]) == .failed(slowDown))
        list.apply(Self.page(11, total: 1000), for: tickets[1])
        #expect(list.state(ofPage: 10) == .failed(slowDown) && list.failure == slowDown)
        #expect(list.slot(at: 205) == .placeholder(loading: false) && list.slot(at: 225) == .item(Row(id: 226)))
        // Not asked again by scrolling, nor by r before Retry-After.
        #expect(list.ticketsForPages(near: 200..<240, before: 0, after: 0).isEmpty)
        #expect(list.retry().isEmpty)
        clock.advance(.seconds(4))
        #expect(list.retry().isEmpty)
        clock.advance(.seconds(1))
        let retried = list.retry()
        #expect(retried.map(\.request) == [tickets[0].request])
        #expect(list.apply(Self.page(10, total: 1000), for: retried[0]) == .loaded(200..<220))
        #expect(list.failure == nil && list.failedPages.isEmpty)
    }

    @Test func aFailedPageAwayFromTheViewportGoesBackToIdleOnRetry() throws {
        let list = try Self.started(total: 1000)
        let ticket = try #require(list.ticketsForPages(near: 200..<220, before: 0, after: 0).first)
        let failure = PageFailure(.http(status: 500), "HTTP 500")
        list.apply(.failure(failure), for: ticket)
        #expect(list.ticketsForPages(near: 600..<620, before: 0, after: 0).map(\.request.index) == [30])
        #expect(list.failure == nil && list.failedPages == [10])
        #expect(list.retry().isEmpty)
        #expect(list.state(ofPage: 10) == .idle)
        #expect(list.ticketsForPages(near: 200..<220, before: 0, after: 0).map(\.request.index) == [10])
    }

    @Test func aNonsenseRetryAfterIsCappedNotACrash() throws {
        let clock = ManualClock()
        let list = try Self.started(total: 1000, clock: clock)
        let tickets = list.ticketsForPages(near: 200..<240, before: 0, after: 0)
        for (ticket, seconds) in zip(tickets, [1e300, .infinity]) {
            list.apply(.failure(PageFailure(.http(status: 429), "slow", retryAfter: seconds)), for: ticket)
        }
        clock.advance(.seconds(59))
        #expect(list.retry().isEmpty)
        clock.advance(.seconds(1))
        #expect(list.retry().count == 2)
    }

    @Test func aFirstPageThatDoesNotMatchThePageSizeMakesTheListSequential() throws {
        let list = Self.list()
        let first = try #require(list.ticketsForPages(near: 0..<10, before: 0, after: 0).first)
        let next = PageRequest(url: URL(string: "http://rows.test/rows?cursor=abc")!, index: 1)
        #expect(list.apply(.success(PageContent(items: (1...25).map(Row.init), next: next, totalCount: 100)), for: first) == .appended(0..<25))
        #expect(list.mode == .sequential && list.count == 25 && !list.isAddressable)
    }

    /// A total at the 64-bit limit is taken as `ReportedCount.maximum`, and no viewport a
    /// caller can pass (at the end, past it, empty at Int.min, margins of Int.max) traps.
    @Test(arguments: [Int.max, Int.max - 1, ReportedCount.maximum + 1, 9_223_372_036_854_775_000])
    func aTotalNearTheLimitIsCappedAndNoViewportTraps(reported: Int) throws {
        let list = Self.list()
        let first = try #require(list.ticketsForPages(near: 0..<10, before: 0, after: 0).first)
        #expect(list.apply(Self.rows(Array(1...20), total: reported), for: first) == .loaded(0..<20))
        #expect(list.count == ReportedCount.maximum && list.totalCount == ReportedCount.maximum)
        #expect(list.pageCount == ReportedCount.maximum / 20)
        let last = ReportedCount.maximum - 1
        for visible in [last - 5..<last + 1, Int.max - 1..<Int.max, Int.min..<Int.min, 0..<Int.max, last..<Int.max] {
            let tickets = list.ticketsForPages(near: visible, before: Int.max, after: Int.max)
            #expect(tickets.count <= SparseList<Row>.windowPageLimit)
            for ticket in tickets where ticket.request.index == list.pageCount - 1 {
                let start = ticket.request.index * 20
                #expect(list.apply(Self.rows(Array(start + 1...start + 20), total: reported), for: ticket) == .loaded(start..<start + 20))
            }
        }
        #expect(list.slot(at: last) == .item(Row(id: last + 1)))
        #expect(list.slot(at: Int.max) == .placeholder(loading: false) && list.slot(at: Int.min) == .placeholder(loading: false))
        #expect(list.page(containing: Int.max) == nil)
    }

    /// Every dialect caps the count it reads: `info.count`, PokeAPI's `count`, and
    /// PostgREST's `Content-Range` total (digits past Int.max included).
    @Test func everyDialectCapsAReportedTotal() throws {
        #expect(ReportedCount.plausible(Int.max) == ReportedCount.maximum)
        #expect(ReportedCount.plausible(-1) == nil && ReportedCount.plausible(826) == 826)
        #expect(ReportedCount.note(for: ReportedCount.plausible(Int.max))?.contains("1,000,000,000,000 items or more") == true)
        #expect(ReportedCount.note(for: 826) == nil && ReportedCount.note(for: nil) == nil)
        #expect(ContentRange("0-19/9223372036854775807")?.total == ReportedCount.maximum)
        #expect(ContentRange("0-19/99999999999999999999999")?.total == ReportedCount.maximum)
        #expect(ContentRange("*/-5")?.total == nil)
        let rm = PresetPages<Character>.rickAndMorty(baseURL: "http://a.test/api", request: .list(.character))
        let page = try rm.decode(.json(200, #"{"info":{"count":9223372036854775807,"next":null},"results":[]}"#), for: rm.firstPage)
        #expect(page.totalCount == ReportedCount.maximum)
        let poke = PresetPages<PokemonSummary>.pokeAPI(baseURL: "http://a.test/api/v2", path: "pokemon")
        let pokePage = try poke.decode(.json(200, #"{"count":9223372036854775807,"next":null,"results":[]}"#), for: poke.firstPage)
        #expect(pokePage.totalCount == ReportedCount.maximum)
    }

    /// A PostgREST window ending just below Int.max asks for no next window (whose
    /// `Range` header would overflow) and does not trap.
    @Test func aWindowAtTheEndOfIntDoesNotTrap() throws {
        let strategy = PresetPages<PortalCore.Row>.postgREST(baseURL: "http://a.test/rest/v1", table: "t", pageSize: 2, count: .none)
        let request = try #require(strategy.request(forPage: Int.max / 2 - 1))
        #expect(request.http.headers["Range"] == "\(Int.max - 3)-\(Int.max - 2)")
        let rows = #"[{"id":1},{"id":2}]"#
        let page = try strategy.decode(.json(200, rows, headers: ["Content-Range": "\(Int.max - 3)-\(Int.max - 2)/*"]), for: request)
        #expect(page.items.count == 2 && page.next == nil)
        #expect(strategy.request(forPage: Int.max / 2)?.http.headers["Range"] == "\(Int.max - 1)-\(Int.max)")
        #expect(strategy.request(forPage: Int.max / 2 + 1) == nil)
    }
}
