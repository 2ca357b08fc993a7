import Foundation
import PortalCore
import PortalDemoModels
import PortalPaging
import PortalPresets
@testable import PortalCache
import PortalTestSupport
import Testing

/// The disk cache in the chain portal builds: session cache → disk cache → network,
/// pages fetched and confirmed by the real `PageFetcher`.
@Suite("A list through the disk cache")
struct CachedListTests {
    static func strategy() -> PresetPages<Character> {
        .rickAndMorty(baseURL: TestData.base, request: APIRequest.list(.character, filters: []))
    }

    static func chain(_ network: any Transport, _ dir: TemporaryDirectory, offline: Bool = false, clock: TestClock = TestClock()) -> any Transport {
        CachingTransport(wrapping: DiskCachingTransport(wrapping: network, cache: DiskCache(directory: dir.path), offline: offline, now: clock.function))
    }

    @Test func aSecondRunWithinMaxAgeMakesNoRequest() async throws {
        let dir = try TemporaryDirectory()
        let network = CountingTransport(TestData.snapshot)
        let first = await drain(Self.strategy(), through: Self.chain(network, dir))
        #expect(first.items.count == 826 && network.count == 42)
        let second = await drain(Self.strategy(), through: Self.chain(network, dir))
        #expect(second.items.map(\.id) == first.items.map(\.id))
        #expect(network.count == 42, "the second run asked the network for nothing")
        let offline = await drain(Self.strategy(), through: Self.chain(network, dir, offline: true))
        #expect(offline.items.count == 826 && network.count == 42)
    }

    @Test func aTruncatedPageIsRetriedAndOnlyTheWholeOneKept() async throws {
        let dir = try TemporaryDirectory()
        let faulty = FaultyTransport(TestData.snapshot)
        let whole = try await TestData.snapshot.send(HTTPRequest(url: URL(string: TestData.base + "/character?page=2")!))
        faulty.fail("page=2", with: .success(HTTPResponse(status: 200, headers: whole.headers, body: whole.body.prefix(whole.body.count / 2))))
        let network = CountingTransport(faulty)
        // The disk cache alone: today's session cache would keep the cut 200 itself
        // (it is being changed to keep only answers that decoded).
        let disk = DiskCachingTransport(wrapping: network, cache: DiskCache(directory: dir.path))
        let first = await drain(Self.strategy(), through: disk, policy: RetryPolicy(maxAttempts: 2), clock: ManualClock())
        #expect(first.items.count == 826 && network.count == 43)
        let offline = await drain(Self.strategy(), through: Self.chain(network, dir, offline: true))
        #expect(offline.items.map(\.id) == Array(1...826), "page 2 from disk is the whole page")
    }

    @Test func anOfflineListEndsWhereTheCacheEnds() async throws {
        let dir = try TemporaryDirectory()
        let strategy = Self.strategy()
        let loader = ListLoader(strategy: strategy)
        let online = PageFetcher(transport: Self.chain(TestData.snapshot, dir), strategy: strategy)
        for _ in 0..<3 {
            let ticket = try #require(loader.loadMore())
            loader.apply(await online.fetch(ticket), for: ticket)
        }
        let offline = await drain(strategy, through: Self.chain(TestData.snapshot, dir, offline: true))
        #expect(offline.items.count == 60)
        guard case .failed(let failure, let request) = offline.state else {
            Issue.record("expected a failure, got \(offline.state)")
            return
        }
        #expect(failure.message == "offline: not in the cache" && request.index == 3 && !failure.isTransient)
    }

    @Test func aPageFromTheCacheSaysSoForTheStatusLine() async throws {
        let dir = try TemporaryDirectory()
        let clock = TestClock()
        let strategy = Self.strategy()
        let faulty = FaultyTransport(TestData.snapshot)
        let first = try await PageFetcher(transport: Self.chain(faulty, dir, clock: clock), strategy: strategy).fetchOnce(strategy.firstPage).get()
        #expect(first.cache?.source == .miss && first.cache?.label(now: clock.now) == nil)
        clock.advance(3 * 3600 + 86_400)
        faulty.fail("character", with: .failure(.connectionFailed("refused")))
        let page = try await PageFetcher(transport: Self.chain(faulty, dir, clock: clock), strategy: strategy).fetchOnce(strategy.firstPage).get()
        #expect(page.items.count == 20)
        #expect(page.cache?.label(now: clock.now) == "cached 1 d ago · offline")
    }
}
