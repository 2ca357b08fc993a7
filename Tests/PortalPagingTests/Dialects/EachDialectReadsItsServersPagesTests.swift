import Foundation
@testable import PortalCore
import PortalDemoModels
@testable import PortalPaging
import PortalPresets
import PortalTestSupport
import PortalServers
import Testing

/// The PokeAPI and PostgREST rules and their client page strategies, with no network:
/// a small transport answers through the rules.
@Suite struct EachDialectReadsItsServersPagesTests {
    static let pokemon: [PokemonRecord] = (1...45).map {
        PokemonRecord(id: $0 <= 40 ? $0 : 10_000 + $0, name: "p\($0)", height: $0, weight: $0 * 10,
                      baseExperience: $0 == 3 ? nil : $0, types: $0 % 2 == 0 ? ["fire"] : ["grass", "poison"])
    }

    struct RulesTransport: Transport {
        let poke = PokeAPIRules(baseURL: "http://mirror.test/api/v2", pokemon: EachDialectReadsItsServersPagesTests.pokemon)
        let rest = PostgRESTRules(tables: ["pokemon": PokemonRows(EachDialectReadsItsServersPagesTests.pokemon)])

        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            guard let split = SplitURL(request.url.absoluteString) else { throw TransportError.notServed("?") }
            let query = QueryString.pairs(split.query)
            if split.path.hasPrefix("/api/v2") {
                return poke.respond(path: String(split.path.dropFirst(7)), query: query)
            }
            return rest.respond(table: String(split.path.dropFirst("/rest/v1/".count)), query: query, headers: request.headers)
        }
    }

    @Test func pokeAPIListLinksAndTheEmptyPagePastTheEnd() throws {
        let rules = RulesTransport().poke
        let page = try JSONSerialization.jsonObject(with: rules.respond(path: "/pokemon", query: [("offset", "20"), ("limit", "20")]).body) as? [String: Any]
        #expect(page?["count"] as? Int == 45)
        #expect(page?["next"] as? String == "http://mirror.test/api/v2/pokemon?offset=40&limit=20")
        #expect(page?["previous"] as? String == "http://mirror.test/api/v2/pokemon?offset=0&limit=20")
        let past = rules.respond(path: "/pokemon/", query: [("offset", "45")])
        #expect(past.status == 200)
        #expect(String(decoding: past.body, as: UTF8.self) == #"{"count":45,"next":null,"previous":"http://mirror.test/api/v2/pokemon/?offset=25&limit=20","results":[]}"#)
        #expect(rules.respond(path: "/pokemon/10041/", query: []).status == 200)
        #expect(rules.respond(path: "/pokemon/41/", query: []).status == 404)
        #expect(rules.respond(path: "/pokemon/p3", query: []).status == 200)
        let zeroLimit = try JSONSerialization.jsonObject(with: rules.respond(path: "/pokemon", query: [("limit", "0")]).body) as? [String: Any]
        #expect((zeroLimit?["results"] as? [Any])?.count == 20)
    }

    @Test func pokemonRecordReadsBothTypeShapes() throws {
        let rules = RulesTransport().poke
        let detail = rules.respond(path: "/pokemon/1", query: [])
        let decoded = try JSONDecoder().decode(PokemonRecord.self, from: detail.body)
        #expect(decoded == Self.pokemon[0])
        let noXP = try JSONDecoder().decode(PokemonRecord.self, from: rules.respond(path: "/pokemon/3", query: []).body)
        #expect(noXP.baseExperience == nil)
    }

    @Test func postgRESTContentRangeRules() {
        let rest = RulesTransport().rest
        func answer(_ query: [(String, String)], _ headers: [String: String] = [:]) -> (Int, String?) {
            let r = rest.respond(table: "pokemon", query: query.map { (key: $0.0, value: $0.1) }, headers: headers)
            return (r.status, r.header("content-range"))
        }
        let counted = ["Prefer": "count=exact"]
        #expect(answer([("limit", "20"), ("offset", "0")], counted) == (206, "0-19/45"))
        #expect(answer([("limit", "20"), ("offset", "40")], counted) == (206, "40-44/45"))
        #expect(answer([("limit", "20"), ("offset", "45")], counted) == (206, "*/45"))
        #expect(answer([("limit", "20"), ("offset", "46")], counted) == (416, "*/45"))
        #expect(answer([], counted) == (200, "0-44/45"))
        #expect(answer([("limit", "20"), ("offset", "46")]) == (200, "*/*"))
        #expect(answer([], ["range": "10-14"]) == (200, "10-14/*"))
        #expect(answer([], ["Range": "40-"]) == (200, "40-44/*"))
        #expect(answer([("limit", "x")]).0 == 400)
    }

    @Test func contentRangeParses() {
        #expect(ContentRange("40-59/826") == ContentRange("40-59/826"))
        #expect(ContentRange("40-59/826")?.last == 59)
        #expect(ContentRange("*/826")?.first == nil)
        #expect(ContentRange("*/826")?.total == 826)
        #expect(ContentRange("0-19/*")?.total == nil)
        #expect(ContentRange("junk") == nil)
    }

    @Test(arguments: [true, false])
    func contentRangePagesReachTheEnd(_ counted: Bool) async {
        for window in [PostgRESTWindow.rangeHeader, .limitOffset] {
            let strategy = PresetPages<PokemonRecord>.postgREST(
                baseURL: "http://mirror.test/rest/v1", table: "pokemon", pageSize: 15, window: window, count: counted ? .exact : .none)
            let counting = CountingTransport(RulesTransport())
            let loader = await drain(strategy, through: counting)
            let requests = counting.count
            #expect(loader.isExhausted)
            #expect(loader.items.map(\.id) == Self.pokemon.map(\.id))
            // 45 rows in windows of 15: with a count the third window reaches the total;
            // without one, a fourth (empty, `*/*`) window says the end.
            #expect(requests == (counted ? 3 : 4))
        }
    }

    @Test func offsetLimitPagesFollowNextToTheEnd() async {
        let strategy = PresetPages<PokemonSummary>.pokeAPI(baseURL: "http://mirror.test/api/v2", path: "pokemon", limit: 10)
        let counting = CountingTransport(RulesTransport())
        let loader = await drain(strategy, through: counting)
        let requests = counting.count
        #expect(loader.isExhausted)
        #expect(loader.items.map(\.id) == Self.pokemon.map(\.id))
        #expect(loader.totalCount == 45)
        #expect(requests == 5)
    }

    /// PokeAPI's pages step their offset (pokeapi.toml): a `next` to another server is never asked.
    @Test func offsetLimitPagesNeverFollowAForeignNext() throws {
        let strategy = PresetPages<PokemonSummary>.pokeAPI(baseURL: "http://mirror.test/api/v2", path: "pokemon", limit: 1)
        let body = #"{"count":2,"next":"http://evil.test/api/v2/pokemon?offset=1&limit=1","previous":null,"results":[{"name":"a","url":"http://mirror.test/api/v2/pokemon/1/"}]}"#
        let response = HTTPResponse(status: 200, body: Data(body.utf8))
        #expect(try strategy.decode(response, for: strategy.firstPage).next?.http.url.host == "mirror.test")
        let truncated = HTTPResponse(status: 200, body: Data(body.utf8.prefix(40)))
        do {
            _ = try strategy.decode(truncated, for: strategy.firstPage)
            Issue.record("a truncated body decoded")
        } catch {
            #expect(error.kind == .malformed)
            #expect(error.isTransient)
        }
    }

    @Test func syntheticTableCyclesTheBase() throws {
        let base = (1...3).map {
            Character(id: $0, name: "c\($0)", status: .alive, species: "Human", type: "", gender: CharacterGender(rawValue: "Male"),
                      origin: PlaceLink(name: "unknown", locationID: nil), location: PlaceLink(name: "unknown", locationID: nil),
                      episodeIDs: [1], created: Date(timeIntervalSince1970: 0))
        }
        let table = SyntheticCharacterTable(base: base, count: 10)
        #expect(table.count == 10)
        #expect(table.item(at: 0).name == "c1")
        #expect(table.item(at: 4).name == "c2 #2")
        #expect(table.item(at: 4).id == 5)
        #expect(table.item(at: 4).avatarID == 2)
        #expect(table.item(at: 9).name == "c1 #4")
        #expect(table.position(ofID: 10) == 9)
        #expect(table.position(ofID: 11) == nil)
        #expect(table.position(ofID: 0) == nil)
    }

    /// Sequential or addressable by its count: a table without one cannot jump.
    @Test func aPostgRESTTableWithoutACountStaysSequential() async throws {
        for exact in [true, false] {
            let strategy = PresetPages<PokemonRecord>.postgREST(baseURL: "http://mirror.test/rest/v1", table: "pokemon", pageSize: 15, count: exact ? .exact : .none)
            let list = SparseList(strategy: strategy)
            let fetcher = PageFetcher(transport: RulesTransport(), strategy: strategy, policy: .none)
            for ticket in list.ticketsForPages(near: 0..<5, before: 0, after: 0) { list.apply(await fetcher.fetch(ticket), for: ticket) }
            #expect(list.isAddressable == exact)
            #expect(list.count == (exact ? 45 : 15))
        }
    }
}
