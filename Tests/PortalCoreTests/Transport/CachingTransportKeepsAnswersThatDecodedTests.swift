import Foundation
import Testing
@testable import PortalCore
import PortalDemoModels
@testable import PortalPaging
import PortalPresets
import PortalTestSupport

@Suite("CachingTransport keeps answers that decoded, by URL")
struct CachingTransportKeepsAnswersThatDecodedTests {
    static func url(_ path: String) -> URL { URL(string: TestData.base + path)! }

    /// Sends through `cache` and confirms the answer, as the retry loop does after a decode.
    @discardableResult
    static func fetch(_ cache: CachingTransport, _ path: String, headers: [String: String] = [:]) async throws -> HTTPResponse {
        let response = try await cache.send(HTTPRequest(url: url(path), headers: headers))
        response.confirmDecoded()
        return response
    }

    @Test func theSamePageIsFetchedOnce() async throws {
        let counting = CountingTransport(TestData.snapshot)
        let cache = CachingTransport(wrapping: counting)
        let first = try await Self.fetch(cache, "/character?page=2")
        let second = try await Self.fetch(cache, "/character?page=2")
        #expect(counting.count == 1 && cache.hits == 1)
        #expect(first.body == second.body)
        try await Self.fetch(cache, "/character?page=2", headers: ["Range": "0-9"])
        #expect(counting.count == 2, "different request headers are a different answer")
    }

    /// An answer nobody confirmed (it did not decode) is not kept: asking again reaches
    /// the network.
    @Test func anAnswerIsKeptOnlyOnceConfirmed() async throws {
        let counting = CountingTransport(TestData.snapshot)
        let cache = CachingTransport(wrapping: counting)
        _ = try await cache.send(HTTPRequest(url: Self.url("/character?page=2")))
        _ = try await cache.send(HTTPRequest(url: Self.url("/character?page=2")))
        #expect(counting.count == 2 && cache.hits == 0 && cache.count == 0)
        try await Self.fetch(cache, "/character?page=2")
        try await Self.fetch(cache, "/character?page=2")
        #expect(counting.count == 3 && cache.hits == 1 && cache.count == 1)
    }

    /// A truncated 200 through the cache: the retry gets the network's next answer (a
    /// whole page), not the same cut-off bytes — and only the whole page is kept.
    @Test func aRetryAfterATruncatedPageReachesTheNetwork() async throws {
        let faulty = FaultyTransport(TestData.snapshot)
        faulty.fail("page=2", with: .success(.json(200, #"{"info":{"count":826,"pages":42,"ne"#)))
        let counting = CountingTransport(faulty)
        let cache = CachingTransport(wrapping: counting)
        let strategy = PresetPages<Character>.rickAndMorty(baseURL: TestData.base, request: .list(.character))
        let fetcher = PageFetcher(transport: cache, strategy: strategy, policy: RetryPolicy(maxAttempts: 3), clock: ManualClock())
        let page2 = PageTicket(generation: 0, request: PageRequest(url: Self.url("/character?page=2"), index: 1))
        let result = await fetcher.fetch(page2)
        #expect(try result.get().items.map(\.id) == Array(21...40))
        #expect(counting.count == 2 && cache.count == 1)
        _ = await fetcher.fetch(page2)
        #expect(counting.count == 2 && cache.hits == 1, "the decoded page is served from the cache")
    }

    @Test func failuresAreNeverKept() async throws {
        let faulty = FaultyTransport(TestData.snapshot)
        faulty.fail("page=3", with: .success(.json(503, "{}")))
        let counting = CountingTransport(faulty)
        let cache = CachingTransport(wrapping: counting)
        // Even confirmed, an error status is never kept.
        #expect(try await Self.fetch(cache, "/character?page=3").status == 503)
        #expect(try await Self.fetch(cache, "/character?page=3").status == 200)
        #expect(try await Self.fetch(cache, "/character?page=99").status == 404)
        #expect(try await Self.fetch(cache, "/character?page=99").status == 404)
        #expect(counting.count == 4 && cache.hits == 0)
    }

    @Test func theLeastRecentlyUsedAnswerGoesFirst() async throws {
        struct KiloTransport: Transport {
            func send(_ request: HTTPRequest) async throws -> HTTPResponse {
                HTTPResponse(status: 200, body: Data(repeating: 32, count: 1000))
            }
        }
        let counting = CountingTransport(KiloTransport())
        let cache = CachingTransport(wrapping: counting, capacityBytes: 2500)  // two answers fit
        func get(_ page: Int) async throws { try await Self.fetch(cache, "/character?page=\(page)") }
        try await get(2)
        try await get(3)
        try await get(2)  // 2 is now newer than 3
        try await get(4)  // evicts 3
        #expect(counting.count == 3)
        try await get(2)
        #expect(counting.count == 3, "page 2 stayed")
        try await get(3)
        #expect(counting.count == 4, "page 3 was evicted")
        let big = CachingTransport(wrapping: counting, capacityBytes: 1500)
        try await Self.fetch(big, "/x")
        try await Self.fetch(big, "/x")
        #expect(big.hits == 0, "an answer over half the capacity is not kept")
    }

    /// Going back to the full list after a search asks for nothing already seen.
    @Test func aListAfterASearchReusesItsPages() async throws {
        let counting = CountingTransport(TestData.snapshot)
        let cache = CachingTransport(wrapping: counting)
        let all = PresetPages<Character>.rickAndMorty(baseURL: TestData.base, request: .list(.character))
        _ = await drain(all, through: cache)
        _ = await drain(PresetPages<Character>.rickAndMorty(baseURL: TestData.base, request: .list(.character, filters: [("name", "rick")])), through: cache)
        let before = counting.count
        let again = await drain(all, through: cache)
        #expect(counting.count == before && again.items.count == 826)
    }
}
