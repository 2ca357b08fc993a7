import Foundation
import Testing
@testable import PortalCore
import PortalDemoModels
@testable import PortalPaging
import PortalPresets
import PortalServers
import PortalTestSupport

/// Page N of every dialect, asked for directly: the right URL (filters kept) and the
/// right items.
@Suite("Addressing page N of each dialect")
struct EachDialectAddressesPageNTests {
    typealias Pages = PresetPages<Character>

    static func ids<S: PageStrategy>(_ strategy: S, page: Int, through transport: any Transport) async throws -> [S.Item.ID] {
        let request = try #require(PageAddressing(strategy)?.request(forPage: page))
        #expect(request.index == page)
        return try await PageFetcher(transport: transport, strategy: strategy, policy: .none).fetchOnce(request).get().items.map(\.id)
    }

    @Test(arguments: [1, 2, 3, 21, 42])
    func rickAndMortyPageNHoldsItsTwentyIDs(page: Int) async throws {
        let ids = try await Self.ids(Pages.rickAndMorty(baseURL: TestData.base, request: .list(.character)), page: page - 1, through: TestData.snapshot)
        #expect(ids == Array((page - 1) * 20 + 1...min(826, page * 20)))
    }

    @Test func pageZeroIsTheFirstPageAndNoIndexIsNegative() throws {
        let strategy = Pages.rickAndMorty(baseURL: TestData.base, request: .list(.character))
        #expect(strategy.request(forPage: 0) == strategy.firstPage)
        #expect(strategy.request(forPage: -1) == nil)
        #expect(strategy.request(forPage: Int.max) == nil)
        #expect(strategy.pageSize == 20)
        #expect(Pages.rickAndMorty(baseURL: TestData.base, request: .items(.character, ids: [1, 2])).request(forPage: 1) == nil)
    }

    /// Page N is the very URL `next` leads to (rebuilt from the server's unencoded space),
    /// so the HTTP cache answers both alike.
    @Test func filtersSurviveAndMatchTheNextLink() async throws {
        let strategy = Pages.rickAndMorty(baseURL: TestData.base, request: .list(.character, filters: [("species", "mythological creature"), ("gender", "male")]))
        let first = try await TestData.snapshot.send(strategy.firstPage.http)
        let next = try #require(try strategy.decode(first, for: strategy.firstPage).next)
        #expect(strategy.request(forPage: 1) == next)
        let rick = Pages.rickAndMorty(baseURL: TestData.base, request: .list(.character, filters: [("name", "rick")]))
        let all = await drain(rick, through: TestData.snapshot).items.map(\.id)
        #expect(try await Self.ids(rick, page: 2, through: TestData.snapshot) == Array(all[40..<60]))
        #expect(rick.request(forPage: 2)?.http.url.absoluteString == "\(TestData.base)/character?page=3&name=rick")
    }

    @Test func aListThatStartsAtAPageCountsFromIt() throws {
        let strategy = Pages.rickAndMorty(baseURL: TestData.base, request: .list(.character, page: 3))
        #expect(strategy.request(forPage: 1)?.http.url.absoluteString == "\(TestData.base)/character?page=4")
    }

    @Test func offsetLimitPageN() async throws {
        let strategy = PresetPages<PokemonSummary>.pokeAPI(baseURL: "http://mirror.test/api/v2", path: "pokemon", limit: 10)
        #expect(strategy.request(forPage: 0) == strategy.firstPage)
        #expect(strategy.request(forPage: 2)?.http.url.absoluteString == "http://mirror.test/api/v2/pokemon?offset=20&limit=10")
        let pokemon = EachDialectReadsItsServersPagesTests.pokemon.map(\.id)
        #expect(try await Self.ids(strategy, page: 2, through: EachDialectReadsItsServersPagesTests.RulesTransport()) == Array(pokemon[20..<30]))
        #expect(try await Self.ids(strategy, page: 4, through: EachDialectReadsItsServersPagesTests.RulesTransport()) == Array(pokemon[40..<45]))
        #expect(PresetPages<PokemonSummary>.pokeAPI(baseURL: "http://mirror.test/api/v2", path: "pokemon", limit: 0).pageSize == 20)
    }

    @Test(arguments: [PostgRESTWindow.rangeHeader, .limitOffset])
    func contentRangePageN(window: PostgRESTWindow) async throws {
        let strategy = PresetPages<PokemonRecord>.postgREST(baseURL: "http://mirror.test/rest/v1", table: "pokemon", pageSize: 15, window: window)
        let request = try #require(strategy.request(forPage: 2))
        switch window {
        case .rangeHeader: #expect(request.http.headers["Range"] == "30-44")
        case .limitOffset: #expect(request.http.url.absoluteString.hasSuffix("limit=15&offset=30"))
        }
        #expect(strategy.request(forPage: 0) == strategy.firstPage)
        #expect(try await Self.ids(strategy, page: 2, through: EachDialectReadsItsServersPagesTests.RulesTransport()) == Array(EachDialectReadsItsServersPagesTests.pokemon.map(\.id)[30..<45]))
    }

    @Test func addressingIsFoundThroughAnExistentialAndOnlyForAddressableStrategies() {
        let strategy: any PageStrategy<Character> = Pages.rickAndMorty(baseURL: TestData.base, request: .list(.character))
        #expect(PageAddressing(strategy)?.pageSize == 20)
        #expect(PageAddressing(NextLinkOnly(Pages.rickAndMorty(baseURL: TestData.base, request: .list(.character)))) == nil)
    }

    /// One clamping rule for every source and strategy: below 1 is the default (20),
    /// above 100 is 100 (ContentRangePages took 1000 or 0 → 1 as given before).
    @Test(arguments: [(0, 20), (-5, 20), (Int.min, 20), (1, 1), (37, 37), (100, 100), (101, 100), (Int.max, 100)])
    func everyPageSizeIsClampedTheSameWay(given: Int, expected: Int) {
        #expect(PageSize.clamped(given) == expected)
        #expect(PokeAPISource(baseURL: "http://a.test/api/v2", pageSize: given).pageSize == expected)
        #expect(PostgRESTSource(baseURL: "http://a.test/rest/v1", pageSize: given).pageSize == expected)
        #expect(PresetPages<PokemonSummary>.pokeAPI(baseURL: "http://a.test/api/v2", path: "pokemon", limit: given).pageSize == expected)
        #expect(PresetPages<Row>.postgREST(baseURL: "http://a.test/rest/v1", table: "t", pageSize: given).pageSize == expected)
    }
}
