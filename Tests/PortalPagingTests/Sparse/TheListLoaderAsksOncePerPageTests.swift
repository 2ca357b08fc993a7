import Foundation
import Synchronization
import Testing
@testable import PortalCore
import PortalDemoModels
@testable import PortalPaging
import PortalPresets
import PortalTestSupport

@Suite("The list loader: one request per page, ids once each, batches that agree")
struct ListLoaderTests {
    typealias Pages = PresetPages<Character>

    static func characters(_ filters: [(String, String)] = []) -> Pages {
        Pages.rickAndMorty(baseURL: TestData.base, request: .list(.character, filters: filters))
    }

    @Test func allCharactersInFortyTwoRequests() async throws {
        let counting = CountingTransport(TestData.snapshot)
        let loader = await drain(Self.characters(), through: counting)
        #expect(counting.count == 42)
        #expect(Set(counting.urls).count == 42)
        #expect(loader.items.map(\.id) == Array(1...826))
        #expect(loader.state == .exhausted && loader.totalCount == 826 && loader.pagesLoaded == 42)
    }

    @Test func episodesAndLocations() async throws {
        let counting = CountingTransport(TestData.snapshot)
        let episodes = await drain(PresetPages<Episode>.rickAndMorty(baseURL: TestData.base, request: .list(.episode)), through: counting)
        #expect(counting.count == 3 && episodes.items.map(\.id) == Array(1...51))
        let counting2 = CountingTransport(TestData.snapshot)
        let locations = await drain(PresetPages<Location>.rickAndMorty(baseURL: TestData.base, request: .list(.location)), through: counting2)
        #expect(counting2.count == 7 && locations.items.map(\.id) == Array(1...126))
    }

    /// Filtered lists equal a direct scan of the snapshot with the server's semantics.
    @Test(arguments: [
        [("name", "rick")], [("status", "dead")], [("gender", "male")], [("gender", "female")],
        [("name", "rick sanchez")], [("name", "(")], [("name", " Morty "), ("status", "alive")], [("species", "robot"), ("type", "")],
    ])
    func filteredListsEqualADirectScan(filters: [(String, String)]) async throws {
        let counting = CountingTransport(TestData.snapshot)
        let loader = await drain(Self.characters(filters), through: counting)
        let all = try TestData.data.characters
        let expected = all.filter { c in
            filters.allSatisfy { key, value in
                let needle = value.trimmingCharacters(in: .whitespaces).lowercased()
                if needle.isEmpty { return true }
                let field = c.filterField(key)!.lowercased()
                return key == "gender" && needle.hasPrefix("male") ? field.hasPrefix(needle) : field.contains(needle)
            }
        }.map(\.id)
        #expect(!expected.isEmpty)
        #expect(loader.items.map(\.id) == expected)
        #expect(counting.count == max(1, (expected.count + 19) / 20))
        if filters.first?.1 == "male" { #expect(!loader.items.contains { $0.gender.kind == .female }) }
    }

    @Test func rickSanchezAcrossPages() async throws {
        // "rick" spans many pages; each following request must keep name=rick.
        let counting = CountingTransport(TestData.snapshot)
        let loader = await drain(Self.characters([("name", "rick")]), through: counting)
        #expect(counting.count > 2)
        #expect(counting.urls.dropFirst().allSatisfy { $0.contains("name=rick") })
        #expect(loader.items.allSatisfy { $0.name.lowercased().contains("rick") })
    }

    @Test func emptySearchIsAnEmptyResultNotAnError() async throws {
        let loader = await drain(Self.characters([("name", "no such person")]), through: TestData.snapshot)
        #expect(loader.items.isEmpty && loader.state == .exhausted && loader.totalCount == 0)
    }

    @Test func failedPageKeepsItemsAndRetryAsksForTheSamePage() async throws {
        let faulty = FaultyTransport(TestData.snapshot)
        let counting = CountingTransport(faulty)
        faulty.fail("page=3", with: .success(.json(500, #"{"error":"boom"}"#)))
        let strategy = Self.characters()
        let loader = ListLoader(strategy: strategy)
        let fetcher = PageFetcher(transport: counting, strategy: strategy, policy: .none)
        for _ in 0..<3 {
            let ticket = try #require(loader.loadMore())
            loader.apply(await fetcher.fetch(ticket), for: ticket)
        }
        guard case .failed(let failure, let request) = loader.state else { Issue.record("not failed: \(loader.state)"); return }
        #expect(failure.kind == .http(status: 500) && failure.message.contains("boom"))
        #expect(loader.items.map(\.id) == Array(1...40))
        #expect(loader.loadMore() == nil)
        let retry = try #require(loader.retry())
        #expect(retry.request == request && request.http.url.absoluteString.hasSuffix("page=3"))
        #expect(loader.apply(await fetcher.fetch(retry), for: retry) == .inserted(40..<60))
        #expect(counting.urls.filter { $0.hasSuffix("page=3") }.count == 2)
    }

    @Test func retryWaitsForRetryAfter() async throws {
        let clock = ManualClock()
        let faulty = FaultyTransport(TestData.snapshot)
        faulty.fail("/character", with: .success(.json(429, #"{"error":"slow down"}"#, headers: ["Retry-After": "5"])))
        let strategy = Self.characters()
        let loader = ListLoader(strategy: strategy, clock: clock)
        let fetcher = PageFetcher(transport: faulty, strategy: strategy, policy: .none)
        let ticket = try #require(loader.loadMore())
        #expect(loader.apply(await fetcher.fetch(ticket), for: ticket) == .failed(PageFailure(.http(status: 429), "HTTP 429 Too Many Requests: slow down", retryAfter: 5)))
        #expect(loader.retry() == nil)
        clock.advance(.seconds(4))
        #expect(loader.retry() == nil)
        clock.advance(.seconds(1))
        #expect(loader.retry() != nil)
    }

    @Test func foreignNextLinkIsRefused() async throws {
        let base = TestData.base
        let page1 = #"{"info":{"count":40,"pages":2,"next":"https://evil.example.com/api/character?page=2","prev":null},"results":[]}"#
        let transport = FixedTransport(answers: ["\(base)/character": .json(200, page1)])
        let loader = await drain(Self.characters(), through: transport)
        guard case .failed(let failure, _) = loader.state else { Issue.record("followed a foreign link"); return }
        #expect(failure.kind == .foreignLink)
        let portChange = #"{"info":{"count":40,"pages":2,"next":"https://rickandmortyapi.com:8443/api/character?page=2","prev":null},"results":[]}"#
        let loader2 = await drain(Self.characters(), through: FixedTransport(answers: ["\(base)/character": .json(200, portChange)]))
        #expect(loader2.state != .exhausted && loader2.retry() != nil)
    }

    @Test func aBurstOfLoadMoreWhileLoadingMakesOneRequest() async throws {
        let counting = CountingTransport(TestData.snapshot)
        let strategy = Self.characters()
        let loader = ListLoader(strategy: strategy)
        let fetcher = PageFetcher(transport: counting, strategy: strategy)
        let tickets = (0..<100).compactMap { _ in loader.loadMore() }
        #expect(tickets.count == 1)
        loader.apply(await fetcher.fetch(tickets[0]), for: tickets[0])
        #expect(counting.count == 1 && loader.count == 20 && loader.state == .idle)
    }

    @Test func aResetListDropsALateResult() async throws {
        let strategy = Self.characters()
        let loader = ListLoader(strategy: strategy)
        let fetcher = PageFetcher(transport: TestData.snapshot, strategy: strategy)
        let old = try #require(loader.loadMore())
        let search = Self.characters([("name", "morty")])
        loader.reset(strategy: search)
        let fresh = try #require(loader.loadMore())
        #expect(fresh.generation == old.generation + 1)
        #expect(loader.apply(await fetcher.fetch(old), for: old) == .ignored)
        #expect(loader.items.isEmpty && loader.state.isLoading)
        let searchFetcher = PageFetcher(transport: TestData.snapshot, strategy: search)
        #expect(loader.apply(await searchFetcher.fetch(fresh), for: fresh) == .inserted(0..<20))
        #expect(loader.items.allSatisfy { $0.name.lowercased().contains("morty") })
    }

    /// Ids are the identity: a page repeating an id adds nothing twice, and two different
    /// characters with the same name are both kept.
    @Test func deduplicatesByIDNotByName() throws {
        let loader = ListLoader(strategy: Self.characters())
        let data = try TestData.data.characters
        let sameName = data.filter { $0.name == "Rick Sanchez" }
        #expect(sameName.count > 1)
        let t1 = try #require(loader.loadMore())
        let next1 = PageRequest(url: URL(string: "\(TestData.base)/character?page=2")!, index: 1)
        #expect(loader.apply(.success(PageContent(items: Array(sameName.prefix(2)), next: next1, totalCount: 10)), for: t1) == .inserted(0..<2))
        let t2 = try #require(loader.loadMore())
        let batch = [sameName[1], data[5], sameName[0], data[6]]
        #expect(loader.apply(.success(PageContent(items: batch, next: nil, totalCount: 10)), for: t2) == .inserted(2..<4))
        #expect(loader.items.map(\.id) == [sameName[0].id, sameName[1].id, 6, 7])
        #expect(loader.state == .exhausted)
    }

    @Test func malformedAndTruncatedBodiesAreFailuresNotCrashes() async throws {
        for body in [#"{"info":{"count":1"#, "<html>oops</html>", #"{"info":{},"results":[{"id":"x"}]}"#, ""] {
            let transport = FixedTransport(answers: ["\(TestData.base)/character": .json(200, body)])
            let loader = await drain(Self.characters(), through: transport)
            guard case .failed(let failure, _) = loader.state else { Issue.record("accepted \(body)"); continue }
            #expect(failure.kind == .malformed && failure.isTransient)
        }
    }
}


