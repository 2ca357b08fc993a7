import Testing
@testable import PortalCore
@testable import PortalPaging
import PortalTestSupport

/// A tab's list as the browser builds it (`SourcePages` of a `Source` and a `ListQuery`),
/// addressed through the source.
@Suite("Addressing a source's lists")
struct AddressableSourceTests {
    static let source = TestData.rickAndMorty()

    @Test(arguments: [(ItemKind.character, 2, Array(41...60)), (.episode, 2, Array(41...51)), (.location, 6, Array(121...126))])
    func pageNOfEveryTab(kind: ItemKind, page: Int, ids: [Int]) async throws {
        let query = ListQuery(kind: kind)
        let addressing = try #require(PageAddressing(source: Self.source, query: query))
        #expect(addressing.request(forPage: 0) == Self.source.firstPage(for: query))
        let request = try #require(addressing.request(forPage: page))
        let fetcher = PageFetcher(transport: TestData.snapshot, strategy: SourcePages(source: Self.source, query: query), policy: .none)
        let items = try await fetcher.fetchOnce(request).get().items
        #expect(items.map(\.rawID) == ids && items.allSatisfy { $0.kind == kind })
    }

    @Test func aTabsListJumpsToItsEndWithItsFilters() async throws {
        let query = ListQuery(kind: .character, filters: [("name", "rick"), ("status", "dead")])
        let strategy = SourcePages(source: Self.source, query: query)
        let counting = CountingTransport(TestData.snapshot)
        let fetcher = PageFetcher(transport: counting, strategy: strategy, policy: .none)
        let list = SparseList<Item>(firstPage: strategy.firstPage, addressing: PageAddressing(source: Self.source, query: query))
        await SparseListSnapshotTests.load(list, fetcher, 0..<10)
        #expect(list.isAddressable && list.count == 54)
        await SparseListSnapshotTests.load(list, fetcher, 44..<54)
        #expect(counting.urls == ["\(TestData.base)/character?name=rick&status=dead", "\(TestData.base)/character?page=3&name=rick&status=dead"])
        #expect(list.item(at: 53)?.character?.name.lowercased().contains("rick") == true)
    }

    /// The list keeps the list's own pages value, asked once per list: page N goes from it
    /// to the dialect's `PageAddress`, with no source or closure between.
    @Test func theAddressingHoldsEachPresetsOwnListValue() throws {
        let query = ListQuery(kind: .character, filters: [("name", "rick")])
        let rick = try #require(PageAddressing(source: Self.source, query: query)?.pages as? AnyAPIPages)
        #expect(rick.url == Self.source.firstPage(for: query).http.url)
        #expect(rick.reading.paging.isSame(as: NextURLPaging(path: ["info", "next"], page: "page", pastEnd: PastEnd(status: 404, error: "There is nothing here"))))
        let poke = TestData.pokeAPI(base: "http://poke.test/api/v2", pageSize: 10)
        let pokeList = try #require(PageAddressing(source: poke, query: ListQuery(kind: .pokemon))?.pages as? AnyAPIPages)
        #expect(pokeList.reading.addressing == .offsetParam("offset", start: 0) && pokeList.pageSize == 10)
    }
}
