import Foundation
import Synchronization
import Testing
@testable import PortalCore
import PortalDemoModels
@testable import PortalPaging
import PortalPresets
import PortalTestSupport

@Suite("Transient failures are retried with backoff; others are surfaced at once")
struct TransientFailuresAreRetriedWithBackoffTests {
    typealias Pages = PresetPages<Character>

    @Test func transientFailuresAreRetriedUntilTheyPass() async throws {
        let faulty = FaultyTransport(TestData.snapshot)
        faulty.fail("/character", with: .success(.json(503, #"{"error":"busy"}"#)))
        faulty.fail("/character", with: .failure(.timedOut(.idle(seconds: 10))))
        faulty.fail("/character", with: .success(.json(200, #"{"info":{"count":8"#)))
        faulty.fail("/character", with: .success(.json(429, "{}", headers: ["Retry-After": "2"])))
        let counting = CountingTransport(faulty)
        let clock = ManualClock()
        let strategy = Pages.rickAndMorty(baseURL: TestData.base, request: .list(.character))
        let fetcher = PageFetcher(transport: counting, strategy: strategy, policy: RetryPolicy(maxAttempts: 6),
                                  clock: clock, random: { 0.5 })
        let loader = ListLoader(strategy: strategy)
        let ticket = try #require(loader.loadMore())
        let retried = Mutex(0)
        let result = await fetcher.fetch(ticket) { _, _, _ in retried.withLock { $0 += 1 } }
        #expect(loader.apply(result, for: ticket) == .inserted(0..<20))
        #expect(counting.count == 5 && retried.withLock { $0 } == 4)
        let recorded = clock.sleeps
        #expect(recorded.count == 4)
        #expect(recorded[0] < recorded[1] && recorded[1] < recorded[2])
        #expect(recorded[3] >= .seconds(2), "429 waits at least its Retry-After")
    }

    @Test func aPlainClientErrorIsNotRetried() async throws {
        let faulty = FaultyTransport(TestData.snapshot)
        faulty.fail("/character", with: .success(.json(400, #"{"error":"bad"}"#)))
        let counting = CountingTransport(faulty)
        let strategy = Pages.rickAndMorty(baseURL: TestData.base, request: .list(.character))
        let fetcher = PageFetcher(transport: counting, strategy: strategy, clock: ManualClock())
        let loader = ListLoader(strategy: strategy)
        let ticket = try #require(loader.loadMore())
        #expect(loader.apply(await fetcher.fetch(ticket), for: ticket) == .failed(PageFailure(.http(status: 400), "HTTP 400 Bad Request: bad")))
        #expect(counting.count == 1)
    }

    @Test func retriesAreBounded() async throws {
        let faulty = FaultyTransport(TestData.snapshot)
        for _ in 0..<10 { faulty.fail("/character", with: .failure(.connectionFailed("reset"))) }
        let counting = CountingTransport(faulty)
        let strategy = Pages.rickAndMorty(baseURL: TestData.base, request: .list(.character))
        let fetcher = PageFetcher(transport: counting, strategy: strategy, policy: RetryPolicy(maxAttempts: 4), clock: ManualClock())
        let loader = ListLoader(strategy: strategy)
        let ticket = try #require(loader.loadMore())
        guard case .failed(let failure) = loader.apply(await fetcher.fetch(ticket), for: ticket) else { Issue.record("did not fail"); return }
        #expect(failure.kind == .transport(.connectionFailed("reset")))
        #expect(counting.count == 4)
    }

    @Test func backoffGrowsAndIsCapped() {
        let policy = RetryPolicy(maxAttempts: 20, baseDelay: .milliseconds(100), maxDelay: .seconds(2))
        let failure = PageFailure(.http(status: 502), "bad gateway")
        let delays = (1..<12).compactMap { policy.delay(after: failure, attempt: $0, random: 1) }
        #expect(delays.first == .milliseconds(100) && delays.last == .seconds(2))
        #expect(zip(delays, delays.dropFirst()).allSatisfy { $0 <= $1 })
        let capped = PageFailure(.http(status: 429), "", retryAfter: 3600)
        #expect(policy.delay(after: capped, attempt: 1, random: 0) == policy.maxRetryAfter)
        #expect(policy.delay(after: PageFailure(.foreignLink, ""), attempt: 1, random: 0) == nil)
    }

    /// One rule from `Retry-After` seconds to a wait, whoever asks: the retry policy, the
    /// sequential loader's `r` and the sparse list's failed page wait the same for the
    /// same number, non-finite ones included (they disagreed on `inf`: no wait vs the cap).
    @Test func everyCallerWaitsTheSameForTheSameRetryAfter() {
        let cap = Duration.seconds(30)
        let table: [(Double, Duration)] = [
            (.nan, .zero), (-.infinity, .zero), (-5, .zero), (0, .zero), (0.0004, .milliseconds(1)),
            (1.5, .milliseconds(1500)), (29.9995, .seconds(30)), (30, cap), (3600, cap), (1e300, cap), (.infinity, cap),
        ]
        let policy = RetryPolicy(maxAttempts: 5, baseDelay: .zero, maxDelay: .zero, maxRetryAfter: cap)
        for (seconds, expected) in table {
            #expect(RetryAfter.wait(seconds, cap: cap) == expected, "\(seconds)")
            let failure = PageFailure(.http(status: 429), "slow", retryAfter: seconds)
            #expect(failure.retryWait(cap: cap) == expected, "\(seconds)")
            #expect(policy.delay(after: failure, attempt: 1, random: 0) == expected, "\(seconds)")
        }
        // A cap below a second, and the ceiling above any cap.
        #expect(RetryAfter.wait(5, cap: .milliseconds(250)) == .milliseconds(250))
        #expect(RetryAfter.wait(.infinity, cap: .seconds(100_000)) == .seconds(RetryAfter.ceiling))
    }

    @Test func aLocalValidationErrorIsNeverRetried() {
        let failure = PageFailure(.transport(.invalidRequest("a header")), "request not sent")
        #expect(RetryPolicy().delay(after: failure, attempt: 1, random: 0) == nil)
    }
}
