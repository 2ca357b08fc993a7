import Foundation
import Testing
@testable import PortalCore
@testable import PortalPaging
@testable import PortalPresets
import PortalServers
import PortalTestSupport

/// The built-in APIs page as their preset files' `paging` tables say (issue 34 item 2),
/// read by the code a user's `paging = {…}` is read by (`PagingSpec.reading`): change the
/// table and the requests change; nothing in Swift says Rick and Morty's `page`, PokeAPI's
/// `offset`/`limit` or PostgREST's `Content-Range` total.
@Suite("Preset files' paging")
struct PresetFilePagingTests {
    /// `lists` with the paging of `name` replaced.
    static func lists(_ lists: PresetLists, _ name: String, paging: PagingSpec?) -> PresetLists {
        var copy = lists
        copy.specs[name]?.paging = paging
        copy.paging = nil
        return copy
    }

    @Test func rickAndMortyPagesByTheParameterItsFileNames() throws {
        let query = ListQuery(kind: .character)
        let shipped = try #require(PageAddressing(source: TestData.rickAndMorty(), query: query))
        #expect(shipped.request(forPage: 41)?.http.url.absoluteString == "\(TestData.base)/character?page=42")
        let renamed = Self.lists(TestData.rickAndMortyLists, "character", paging: PagingSpec(style: "next", names: ["next": "info.next", "page": "p", "total": "info.count"]))
        let source = RickAndMortySource(baseURL: TestData.base, lists: renamed)
        let addressing = try #require(PageAddressing(source: source, query: query))
        #expect(addressing.request(forPage: 41)?.http.url.absoluteString == "\(TestData.base)/character?page=1&p=42")
        // A file that names no paging: one page, walked no further.
        let none = RickAndMortySource(baseURL: TestData.base, lists: Self.lists(TestData.rickAndMortyLists, "character", paging: nil))
        #expect(PageAddressing(source: none, query: query)?.request(forPage: 1) == nil)
    }

    /// G from the first page: the two last pages, from the file's `total = "info.count"`.
    @Test func rickAndMortysEndIsThreeRequestsFromTheFile() async throws {
        let counting = CountingTransport(TestData.snapshot)
        let source = TestData.rickAndMorty()
        let strategy = source.pages(ListQuery(kind: .character), reader: .records(source.card(.character)))
        let list = SparseList(strategy: strategy)
        let fetcher = PageFetcher(transport: counting, strategy: strategy, policy: .none)
        #expect(await SparseListSnapshotTests.load(list, fetcher, 0..<30) == [0])
        #expect(list.count == 826 && list.isAddressable)
        #expect(await SparseListSnapshotTests.load(list, fetcher, 806..<826) == [40, 41])
        #expect(counting.count == 3)
        #expect(counting.urls.last == "\(TestData.base)/character?page=42")
        #expect(list.item(at: 825)?.id == .number(826))
    }

    /// `past_end = { status = 404, error = "There is nothing here" }`: Rick and Morty's answer
    /// to a search that matches nothing is an empty list; without it the same answer fails the list.
    @Test func aSearchThatMatchesNothingIsAnEmptyListByTheFilesPastEnd() throws {
        let query = ListQuery(kind: .character, filters: [("name", "zzz")])
        let nothing = HTTPResponse(status: 404, body: Data(#"{"error":"There is nothing here"}"#.utf8))
        let source = TestData.rickAndMorty()
        let page = try source.decodePage(nothing, for: source.firstPage(for: query), of: query)
        #expect(page.items.isEmpty && page.totalCount == 0 && page.next == nil)
        let strict = RickAndMortySource(baseURL: TestData.base, lists: Self.lists(TestData.rickAndMortyLists, "character",
                                                                                     paging: PagingSpec(style: "next", names: ["next": "info.next", "page": "page", "total": "info.count"])))
        #expect(throws: PageFailure.self) { try strict.decodePage(nothing, for: strict.firstPage(for: query), of: query) }
    }

    @Test func pokeAPIPagesByTheOffsetAndLimitItsFileNames() throws {
        let query = ListQuery(kind: .pokemon)
        let shipped = TestData.pokeAPI(base: "http://poke.test/api/v2", pageSize: 10)
        #expect(shipped.firstPage(for: query).http.url.absoluteString == "http://poke.test/api/v2/pokemon?offset=0&limit=10")
        #expect(PageAddressing(source: shipped, query: query)?.request(forPage: 3)?.http.url.absoluteString == "http://poke.test/api/v2/pokemon?offset=30&limit=10")
        let renamed = Self.lists(TestData.pokeAPILists, "pokemon", paging: PagingSpec(style: "offset", names: ["offset": "from", "limit": "per", "total": "count"]))
        let source = PokeAPISource(baseURL: "http://poke.test/api/v2", pageSize: 10, lists: renamed)
        #expect(source.firstPage(for: query).http.url.absoluteString == "http://poke.test/api/v2/pokemon?from=0&per=10")
        #expect(PageAddressing(source: source, query: query)?.request(forPage: 3)?.http.url.absoluteString == "http://poke.test/api/v2/pokemon?from=30&per=10")
    }

    /// postgrest.toml's `total = "header:Content-Range"` is where a table's total is read:
    /// a file without it reads no total from the same answer.
    @Test func postgRESTReadsItsTotalWhereItsFileSays() throws {
        let rows = HTTPResponse(status: 200, headers: ["content-range": "0-1/5"], body: Data(#"[{"id":1,"name":"a"},{"id":2,"name":"b"}]"#.utf8))
        let query = ListQuery(kind: ItemKind(rawValue: "pokemon"))
        var source = PostgRESTSource(baseURL: "http://pg.test/rest/v1", table: "pokemon", pageSize: 2)
        source.lists = TestData.presetLists(for: .postgREST)
        #expect(try source.decodePage(rows, for: source.firstPage(for: query), of: query).totalCount == 5)
        source.lists = Self.lists(source.lists, "pokemon", paging: PagingSpec(style: "range"))
        #expect(source.paging == PagingSpec(style: "range"))
        #expect(try source.decodePage(rows, for: source.firstPage(for: query), of: query).totalCount == nil)
    }

    /// A table the file does not name pages as all of the file's lists do (Range windows,
    /// the Content-Range total); Rick and Morty's lists lend it their looks, not their paging.
    @Test func aTableTheFileDoesNotNamePagesAsTheFileSays() throws {
        let source = TestData.postgREST(table: "characters")
        #expect(source.paging == PagingSpec(style: "range", names: ["total": "header:Content-Range"]))
        let first = source.firstPage(for: ListQuery(kind: source.kind))
        #expect(first.http.headers["Range"] == "0-19")
    }
}
