import Foundation
import PortalCore
import PortalDemoModels
import PortalPresets
import PortalServers
import PortalTestSupport
import Synchronization
import Testing

/// `PresetPages.postgREST` against PostgREST's rules: the requests it builds, each way a list
/// ends (a short page, `*/*`, an empty last page, a 416 on an empty table) and the step
/// down from `count=exact` when a server refuses it.
@Suite struct PostgRESTPagesTests {
    static let rows: [PokemonRecord] = (1...40).map {
        PokemonRecord(id: $0, name: "p\($0)", height: $0, weight: $0, baseExperience: $0, types: ["fire"])
    }
    static let base = "http://db.test/rest/v1"

    /// PostgREST's rules, optionally refusing some `Prefer: count=…` values the way a
    /// server or proxy that does not allow them answers.
    struct PostgRESTServer: Transport {
        var rules = PostgRESTRules(tables: ["pokemon": PokemonRows(PostgRESTPagesTests.rows), "empty": PokemonRows([])])
        var refused: [String: Int] = [:]

        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            guard let split = SplitURL(request.url.absoluteString) else { throw TransportError.notServed(request.url.absoluteString) }
            if let prefer = request.headers["Prefer"], let status = refused[prefer] {
                return PostgRESTRules.error(status, code: "PGRST000", message: "count not allowed")
            }
            let table = String(split.path.dropFirst("/rest/v1/".count))
            return rules.respond(table: table, query: QueryString.pairs(split.query), headers: request.headers)
        }
    }

    @Test func theFirstRequestCarriesWindowOrderFiltersCountAndKey() throws {
        var headers = RequestHeaders()
        try headers.addAPIKey("k")
        let strategy = PresetPages<Row>.postgREST(
            baseURL: BaseURL(Self.base + "/"), table: "characters", pageSize: 25,
            filters: [try PostgRESTFilter(parsing: "status=eq.Dead"), try PostgRESTFilter(parsing: "name=ilike.*rick smith*")],
            order: try PostgRESTOrder(parsing: "name.desc"), headers: headers)
        let first = strategy.firstPage.http
        #expect(first.url.absoluteString == "http://db.test/rest/v1/characters?select=*&status=eq.Dead&name=ilike.%2Arick%20smith%2A&order=name.desc")
        #expect(first.headers == ["Range": "0-24", "Range-Unit": "items", "Prefer": "count=exact", "apikey": "k", "Authorization": "Bearer k"])
        let byQuery = PresetPages<Row>.postgREST(baseURL: BaseURL(Self.base), table: "t", window: .limitOffset, count: .none).firstPage.http
        #expect(byQuery.url.absoluteString == "http://db.test/rest/v1/t?select=*&order=id&limit=20&offset=0")
        #expect(byQuery.headers.isEmpty)
    }

    @Test func aCountedListEndsWhenTheLastRowReachesTheTotal() async throws {
        let counting = CountingTransport(PostgRESTServer())
        let loader = await drain(PresetPages<Row>.postgREST(baseURL: BaseURL(Self.base), table: "pokemon", pageSize: 20), through: counting)
        #expect(loader.isExhausted && loader.count == 40 && loader.totalCount == 40)
        #expect(counting.requests.map { $0.headers["Range"] } == ["0-19", "20-39"])
    }

    @Test func withoutACountAnEmptyLastPageWithStarStarEndsIt() async throws {
        // 40 rows in pages of 20: the third page is empty, `Content-Range: */*`.
        let counting = CountingTransport(PostgRESTServer())
        let loader = await drain(PresetPages<Row>.postgREST(baseURL: BaseURL(Self.base), table: "pokemon", pageSize: 20, count: .none), through: counting)
        #expect(loader.isExhausted && loader.count == 40)
        #expect(counting.count == 3)
        #expect(loader.items.map(\.id) == (1...40).map(String.init))
    }

    @Test func aShortPageEndsIt() async throws {
        let counting = CountingTransport(PostgRESTServer())
        let loader = await drain(PresetPages<Row>.postgREST(baseURL: BaseURL(Self.base), table: "pokemon", pageSize: 30, count: .none), through: counting)
        #expect(loader.isExhausted && loader.count == 40 && counting.count == 2)
    }

    @Test func a416OnTheFirstPageIsAnEmptyList() async throws {
        let strategy = PresetPages<Row>.postgREST(baseURL: BaseURL(Self.base), table: "empty")
        let answer = PostgRESTRules.error(416, code: "PGRST103", message: "Requested range not satisfiable")
        let fixed = FixedTransport(answers: [strategy.firstPage.http.url.absoluteString: answer])
        let counting = CountingTransport(fixed)
        let loader = await drain(strategy, through: counting)
        #expect(loader.isExhausted && loader.items.isEmpty && counting.count == 1)
    }

    @Test func a206IsAPageLikeA200() throws {
        let strategy = PresetPages<Row>.postgREST(baseURL: BaseURL(Self.base), table: "t", pageSize: 2)
        let page = try strategy.decode(
            .json(206, #"[{"id":1},{"id":2}]"#, headers: ["Content-Range": "0-1/5"]), for: strategy.firstPage)
        #expect(page.items.count == 2 && page.totalCount == 5)
        #expect(page.next?.http.headers["Range"] == "2-3")
    }

    @Test(arguments: [400, 406, 501])
    func aServerRefusingExactCountIsAskedForAnEstimate(status: Int) async throws {
        let server = PostgRESTServer(refused: ["count=exact": status])
        let counting = CountingTransport(server)
        let loader = await drain(PresetPages<Row>.postgREST(baseURL: BaseURL(Self.base), table: "pokemon", pageSize: 20), through: counting)
        #expect(loader.isExhausted && loader.count == 40 && loader.totalCount == 40)
        // An estimate never ends the list (the mirror's is 38 of 40): the empty window does.
        #expect(counting.requests.map { $0.headers["Prefer"] } == ["count=exact", "count=estimated", "count=estimated", "count=estimated"])
        #expect(counting.requests.map { $0.headers["Range"] } == ["0-19", "0-19", "20-39", "40-59"])
    }

    @Test func aServerRefusingEveryCountIsAskedForNone() async throws {
        let server = PostgRESTServer(refused: ["count=exact": 400, "count=estimated": 400])
        let counting = CountingTransport(server)
        let loader = await drain(PresetPages<Row>.postgREST(baseURL: BaseURL(Self.base), table: "pokemon", pageSize: 20), through: counting)
        #expect(loader.isExhausted && loader.count == 40)
        // exact, estimated, then no count for the three windows (the third `*/*`).
        #expect(counting.requests.map { $0.headers["Prefer"] } == ["count=exact", "count=estimated", nil, nil, nil])
    }

    @Test func otherErrorsAreNotTakenForACountRefusal() async throws {
        for status in [401, 404] {
            let strategy = PresetPages<Row>.postgREST(baseURL: BaseURL(Self.base), table: "t")
            let answer = PostgRESTRules.error(status, code: "X", message: "no \u{1B}[31mway")
            let loader = await drain(strategy, through: FixedTransport(answers: [strategy.firstPage.http.url.absoluteString: answer]))
            guard case .failed(let failure, _) = loader.state else {
                Issue.record("\(status) did not fail the list")
                continue
            }
            #expect(failure.kind == .http(status: status))
            #expect(failure.message.hasSuffix("no \u{FFFD}[31mway"), "\(failure.message)")
        }
        // A request that asked for no count has nothing to step down from.
        let plain = PresetPages<Row>.postgREST(baseURL: BaseURL(Self.base), table: "t", count: .none)
        #expect(throws: PageFailure.self) {
            try plain.decode(.json(400, #"{"message":"bad filter"}"#), for: plain.firstPage)
        }
    }

    @Test func contentRangeThatDisagreesWithTheRowsIsMalformed() {
        let strategy = PresetPages<Row>.postgREST(baseURL: BaseURL(Self.base), table: "t", pageSize: 2)
        #expect(throws: PageFailure.self) {
            try strategy.decode(.json(200, #"[{"id":1}]"#, headers: ["Content-Range": "0-1/5"]), for: strategy.firstPage)
        }
    }
}
