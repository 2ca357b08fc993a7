import Foundation
import PortalCore
import PortalPaging
import PortalPresets
import PortalServers
import PortalTestSupport
import Synchronization
import Testing

/// Lists as Supabase apps read them: from a function (`rpc`), with honest counts
/// (planned and estimated totals are shown as estimates and never end the list), and
/// `R` (`SparseList.refresh`) while rows are added and removed on the server.
@Suite struct SupabaseListTests {
    static let root = BaseURL("https://snapshot.supabase.co/rest/v1")
    static let snapshot: SnapshotTransport = {
        do { return try SnapshotTransport(dataFolder: TestData.folder, api: .postgREST) } catch { fatalError("\(error)") }
    }()

    static func dead(pageSize: Int = 20, count: PostgRESTCount = .exact) -> PresetPages<Row> {
        PresetPages.postgREST(baseURL: root, table: "", pageSize: pageSize, window: .limitOffset, count: count,
                          function: .init(name: "characters_by_status", arguments: Data(#"{"status":"Dead"}"#.utf8)))
    }

    @Test func aFunctionIsAPOSTWithItsArgumentsPagedByLimitAndOffset() throws {
        let first = Self.dead().firstPage.http
        #expect(first.method == "POST")
        #expect(first.url.absoluteString == "\(Self.root.text)/rpc/characters_by_status?select=*&order=id&limit=20&offset=0")
        #expect(first.body == Data(#"{"status":"Dead"}"#.utf8))
        #expect(first.headers["Prefer"] == "count=exact" && first.headers["Range"] == nil)
    }

    @Test(arguments: [PostgRESTCount.exact, .none])
    func aFunctionsRowsArePagedToTheirEnd(count: PostgRESTCount) async throws {
        let counting = CountingTransport(Self.snapshot)
        let loader = await drain(Self.dead(count: count), through: counting)
        #expect(loader.isExhausted && loader.count == 287)
        // 15 pages: the last holds 7 rows, a short page, which ends the list either way.
        #expect(counting.count == 15)
        #expect(counting.requests.allSatisfy { $0.method == "POST" && $0.body == Data(#"{"status":"Dead"}"#.utf8) })
        #expect(loader.items.allSatisfy { if case .string("Dead")? = $0["status"] { true } else { false } })
    }

    @Test func anEmptyWindowWithoutACountEndsIt() async throws {
        // 280 of the search's rows fill 14 pages exactly: the 15th is empty, `*/*`.
        let strategy = PresetPages<Row>.postgREST(
            baseURL: Self.root, table: "", pageSize: 20, window: .limitOffset, count: .none,
            filters: [try PostgRESTFilter(parsing: "id=lte.280")],
            function: .init(name: "search_characters", arguments: Data(#"{"query":""}"#.utf8)))
        let counting = CountingTransport(Self.snapshot)
        let loader = await drain(strategy, through: counting)
        #expect(loader.count == 280 && counting.count == 15)
        let page = try strategy.decode(HTTPResponse(status: 200, headers: ["Content-Range": "*/*"], body: Data("[]".utf8)), for: strategy.firstPage)
        #expect(page.items.isEmpty && page.next == nil)
    }

    @Test func anUnknownFunctionIsPostgRESTs404() async throws {
        let strategy = PresetPages<Row>.postgREST(baseURL: Self.root, table: "", window: .limitOffset, function: .init(name: "nope"))
        let response = try await Self.snapshot.send(strategy.firstPage.http)
        #expect(response.status == 404)
        #expect(throws: PageFailure.self) { try strategy.decode(response, for: strategy.firstPage) }
        do {
            _ = try strategy.decode(response, for: strategy.firstPage)
        } catch {
            #expect(error.message == "HTTP 404 Not Found: Could not find the function public.nope() in the schema cache")
        }
    }

    @Test(arguments: [(PostgRESTCount.estimated, 785), (.planned, 868)])
    func anEstimateIsShownAsOneAndTheListEndsWhereItsRowsEnd(count: PostgRESTCount, estimate: Int) async throws {
        let strategy = PresetPages<Row>.postgREST(baseURL: Self.root, table: "characters", pageSize: 100, count: count)
        let first = try strategy.decode(try await Self.snapshot.send(strategy.firstPage.http), for: strategy.firstPage)
        #expect(first.totalCount == nil && first.estimatedTotal == estimate)
        let counting = CountingTransport(Self.snapshot)
        let loader = await drain(strategy, through: counting)
        // 826 rows whatever the estimate said: 8 full pages, a short one.
        #expect(loader.count == 826 && counting.count == 9)
        #expect(loader.totalCount == 826 && loader.estimatedTotal == estimate)
        // In the browser's list an estimate is no total: it stays sequential and says `≈`.
        let list = SparseList(strategy: strategy)
        let ticket = try #require(list.ticketsForPages(near: 0..<10, before: 0, after: 0).first)
        list.apply(.success(first), for: ticket)
        #expect(!list.isAddressable && list.totalCount == nil && list.estimatedTotal == estimate)
    }

    // MARK: R

    static func id(_ row: Row?) -> Int? {
        if case .number(let n)? = row?["id"] { return Int(n) }
        return nil
    }

    /// Loads what `list` asks for near `visible` until it asks for nothing more.
    static func settle(_ list: SparseList<Row>, near visible: Range<Int>, _ fetcher: PageFetcher<PresetPages<Row>>) async -> [PageTicket] {
        var sent: [PageTicket] = []
        while true {
            let tickets = list.ticketsForPages(near: visible, before: 0, after: 0)
            if tickets.isEmpty { return sent }
            for ticket in tickets {
                sent.append(ticket)
                list.apply(await fetcher.fetch(ticket), for: ticket)
            }
        }
    }

    @Test func refreshKeepsTheSelectedRowAndShowsRowsAddedAndRemovedWithoutDuplicates() async throws {
        let server = LiveRowsServer(Array(1...100))
        let strategy = PresetPages<Row>.postgREST(baseURL: Self.root, table: "t", pageSize: 10)
        let fetcher = PageFetcher(transport: server, strategy: strategy)
        let list = SparseList(strategy: strategy)
        _ = await Self.settle(list, near: 40..<60, fetcher)
        #expect(list.isAddressable && list.count == 100 && Self.id(list.item(at: 45)) == 46)

        // Five rows go above the selection, twelve come at the end.
        server.set(Array(6...100) + Array(201...212))
        let generation = list.generation
        list.refresh()
        #expect(list.generation == generation + 1 && list.isRefreshing && list.revalidates)
        // What was shown stays until the new pages arrive.
        #expect(Self.id(list.item(at: 45)) == 46 && list.count == 100)
        let sent = await Self.settle(list, near: 40..<60, fetcher)
        #expect(sent.allSatisfy { $0.request.http.revalidate })
        #expect(list.count == 107)
        // The selected row is found where it is now.
        #expect(list.index(ofID: "46") == 40)
        #expect(!list.isRefreshing)
        let shown = (0..<list.count).compactMap { Self.id(list.item(at: $0)) }
        #expect(Set(shown).count == shown.count)
        #expect(shown.allSatisfy { $0 >= 6 })
        // Scrolling to the end shows the new rows once each.
        _ = await Self.settle(list, near: 0..<107, fetcher)
        #expect((0..<107).compactMap { Self.id(list.item(at: $0)) } == Array(6...100) + Array(201...212))
    }

    @Test func refreshOfAnEmptyListAsksItsFirstPageAgain() async throws {
        let server = LiveRowsServer([])
        let strategy = PresetPages<Row>.postgREST(baseURL: Self.root, table: "t", pageSize: 10)
        let fetcher = PageFetcher(transport: server, strategy: strategy)
        let list = SparseList(strategy: strategy)
        _ = await Self.settle(list, near: 0..<10, fetcher)
        #expect(list.count == 0 && list.isComplete)
        server.set(Array(1...15))
        list.refresh()
        let sent = await Self.settle(list, near: 0..<20, fetcher)
        #expect(sent.count == 2 && sent.allSatisfy { $0.request.http.revalidate })
        #expect(list.count == 15 && (0..<15).compactMap { Self.id(list.item(at: $0)) } == Array(1...15))
    }

    @Test func refreshOfASequentialListKeepsItsItemsUntilTheNewPagesReachThem() async throws {
        let server = LiveRowsServer(Array(1...45))
        let strategy = PresetPages<Row>.postgREST(baseURL: Self.root, table: "t", pageSize: 10, count: .none)
        let fetcher = PageFetcher(transport: server, strategy: strategy)
        let list = SparseList(strategy: strategy)
        _ = await Self.settle(list, near: 0..<45, fetcher)
        #expect(!list.isAddressable && list.count == 45 && list.isComplete)

        server.set(Array(3...40))
        list.refresh()
        #expect(list.count == 45 && Self.id(list.item(at: 44)) == 45)
        let first = try #require(list.ticketsForPages(near: 30..<45, before: 0, after: 0).first)
        #expect(first.request.http.revalidate)
        list.apply(await fetcher.fetch(first), for: first)
        // Ten new rows in front, the old ones behind them, none twice.
        let shown = (0..<list.count).compactMap { Self.id(list.item(at: $0)) }
        #expect(Array(shown.prefix(10)) == Array(3...12))
        #expect(Set(shown).count == shown.count)
        _ = await Self.settle(list, near: 30..<45, fetcher)
        #expect(list.count == 38 && !list.isRefreshing)
        #expect((0..<38).compactMap { Self.id(list.item(at: $0)) } == Array(3...40))
        #expect(list.index(ofID: "20") == 17)
    }
}
