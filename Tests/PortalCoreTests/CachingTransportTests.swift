import Foundation
import Testing
@testable import PortalCore
import PortalTestSupport

@Suite("CachingTransport keeps successful answers by URL")
struct CachingTransportTests {
    static func url(_ path: String) -> URL { URL(string: TestData.base + path)! }

    @Test func theSamePageIsFetchedOnce() async throws {
        let counting = CountingTransport(TestData.snapshot)
        let cache = CachingTransport(wrapping: counting)
        let first = try await cache.send(HTTPRequest(url: Self.url("/character?page=2")))
        let second = try await cache.send(HTTPRequest(url: Self.url("/character?page=2")))
        #expect(counting.count == 1 && cache.hits == 1)
        #expect(first.body == second.body)
        _ = try await cache.send(HTTPRequest(url: Self.url("/character?page=2"), headers: ["Range": "0-9"]))
        #expect(counting.count == 2, "different request headers are a different answer")
    }

    @Test func failuresAreNeverKept() async throws {
        let faulty = FaultyTransport(TestData.snapshot)
        faulty.fail("page=3", with: .success(.json(503, "{}")))
        let counting = CountingTransport(faulty)
        let cache = CachingTransport(wrapping: counting)
        #expect(try await cache.send(HTTPRequest(url: Self.url("/character?page=3"))).status == 503)
        #expect(try await cache.send(HTTPRequest(url: Self.url("/character?page=3"))).status == 200)
        #expect(try await cache.send(HTTPRequest(url: Self.url("/character?page=99"))).status == 404)
        #expect(try await cache.send(HTTPRequest(url: Self.url("/character?page=99"))).status == 404)
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
        func get(_ page: Int) async throws { _ = try await cache.send(HTTPRequest(url: Self.url("/character?page=\(page)"))) }
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
        _ = try await big.send(HTTPRequest(url: Self.url("/x")))
        _ = try await big.send(HTTPRequest(url: Self.url("/x")))
        #expect(big.hits == 0, "an answer over half the capacity is not kept")
    }

    /// Going back to the full list after a search asks for nothing already seen.
    @Test func aListAfterASearchReusesItsPages() async throws {
        let counting = CountingTransport(TestData.snapshot)
        let cache = CachingTransport(wrapping: counting)
        let all = RickAndMortyPages<Character>(baseURL: TestData.base, request: .list(.character))
        _ = await drain(all, through: cache)
        _ = await drain(RickAndMortyPages<Character>(baseURL: TestData.base, request: .list(.character, filters: [("name", "rick")])), through: cache)
        let before = counting.count
        let again = await drain(all, through: cache)
        #expect(counting.count == before && again.items.count == 826)
    }
}
