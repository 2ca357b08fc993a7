import Foundation
import PortalCore
import PortalDemoModels
import PortalPresets
import PortalCurl
import PortalTestSupport
@testable import PortalMirror
import Synchronization
import Testing

/// Faults one by one, then whole lists loaded through all of them at once.
@Suite struct ListsReachTheirEndThroughInjectedFaultsTests {
    @Test func theSameSeedDrawsTheSameFaults() {
        var settings = Self.storm
        settings.seed = 42
        settings.jitterMS = 10
        let a = FaultInjector(settings), b = FaultInjector(settings)
        let first = (0..<200).map { _ in a.draw() }
        let second = (0..<200).map { _ in b.draw() }
        #expect(first.map(\.decision) == second.map(\.decision))
        #expect(first.map(\.delayMS) == second.map(\.delayMS))
        let errors = first.filter { if case .error = $0.decision { true } else { false } }.count
        #expect(errors > 20 && errors < 60)
    }

    @Test func truncationAlwaysLeavesJSONUnclosed() {
        #expect(FaultInjector.cutLength(2, fraction: 0.01) == 1)
        #expect(FaultInjector.cutLength(100, fraction: 0.99) == 99)
        #expect(FaultInjector.cutLength(1, fraction: 0.5) == 0)
    }

    @Test func errorRateOneAnswers5xx() async throws {
        var faults = FaultSettings()
        faults.errorRate = 1
        faults.seed = 1
        try await Mirror.with(faults: faults) { m in
            var statuses = Set<Int>()
            for _ in 0..<12 { statuses.insert(try await Mirror.get(m, "/api/character").status) }
            #expect(statuses == [500, 503])
            // The root and avatars are not spared.
            #expect(try await Mirror.get(m, "/api").status >= 500)
            #expect(try await Mirror.get(m, "/api/character/avatar/1.jpeg").status >= 500)
        }
    }

    @Test func throttleRateOneAnswers429WithRetryAfter() async throws {
        var faults = FaultSettings()
        faults.throttleRate = 1
        try await Mirror.with(faults: faults) { m in
            let r = try await Mirror.get(m, "/api/character")
            #expect(r.status == 429)
            #expect(r.header("retry-after") == "1")
            #expect(r.retryAfterSeconds == 1)
        }
    }

    @Test func truncateRateOneCutsBodiesWithAMatchingLength() async throws {
        var faults = FaultSettings()
        faults.truncateRate = 1
        try await Mirror.with(faults: faults) { m in
            for path in ["/api/character?page=3", "/api", "/api/v2/pokemon", "/rest/v1/pokemon?limit=5"] {
                let r = try await Mirror.get(m, path)
                #expect(r.status == 200 || r.status == 206)
                #expect(r.header("content-length") == String(r.body.count))
                #expect((try? JSONSerialization.jsonObject(with: r.body)) == nil, "\(path) still parses")
            }
        }
    }

    @Test func dropRateOneClosesWithoutAnAnswer() async throws {
        var faults = FaultSettings()
        faults.dropRate = 1
        try await Mirror.with(faults: faults) { m in
            await #expect(throws: TransportError.self) {
                _ = try await Mirror.get(m, "/api/character")
            }
        }
    }

    /// Over HTTP: a burst above the limit meets a 429 with `Retry-After`, and a new second
    /// is admitted again. (A slow machine only spreads the burst over more seconds, each of
    /// which still admits 3 of its requests, so 20 quick requests always meet a 429.)
    @Test func rateLimitAnswers429AboveNPerSecond() async throws {
        var faults = FaultSettings()
        faults.rateLimit = 3
        // No headers: with them the client waits for the reset and never meets the 429.
        faults.rateHeaders = .none
        try await Mirror.with(faults: faults) { m in
            var throttled: HTTPResponse?
            for _ in 0..<20 where throttled == nil {
                let r = try await Mirror.get(m, "/api")
                if r.status == 429 { throttled = r }
            }
            #expect(throttled?.header("retry-after") == "1")
            try await Task.sleep(for: .milliseconds(1100))
            #expect(try await Mirror.get(m, "/api").status == 200)
        }
    }

    /// The limiter's exact rule, on a clock the test moves: N a second per client.
    @Test func rateLimiterAdmitsNPerSecondPerClient() {
        let second = Mutex<Int64>(100)
        let limiter = RateLimiter(limit: 3, clock: { second.withLock { $0 } })
        #expect((0..<5).map { _ in limiter.admit("a") } == [true, true, true, false, false])
        #expect(limiter.admit("b"), "another client has its own budget")
        second.withLock { $0 += 1 }
        #expect((0..<4).map { _ in limiter.admit("a") } == [true, true, true, false])
    }

    @Test func latencyIsAdded() async throws {
        var faults = FaultSettings()
        faults.latencyMS = 150
        try await Mirror.with(faults: faults) { m in
            let start = ContinuousClock.now
            _ = try await Mirror.get(m, "/api")
            #expect(ContinuousClock.now - start >= .milliseconds(150))
        }
    }

    // MARK: Whole lists through every fault at once

    /// 20% 5xx, 10% 429 (Retry-After: 1), 5% truncated bodies, 5% dropped connections.
    static var storm: FaultSettings {
        var faults = FaultSettings()
        faults.seed = 20_240_601
        faults.errorRate = 0.2
        faults.throttleRate = 0.1
        faults.truncateRate = 0.05
        faults.dropRate = 0.05
        return faults
    }

    static let patient = RetryPolicy(maxAttempts: 12, baseDelay: .milliseconds(20), maxDelay: .milliseconds(200))

    /// `portal-mirror --truncate-rate 0.1 --seed 3` through the session cache, as `portal
    /// list` runs: a cut-off 200 is never kept, so every retry reaches the network and the
    /// list reaches its end.
    @Test func truncatedPagesAreRetriedPastTheSessionCache() async throws {
        var faults = FaultSettings()
        faults.truncateRate = 0.1
        faults.seed = 3
        try await Mirror.with(faults: faults) { m in
            let network = CountingTransport(CurlTransport())
            let cache = CachingTransport(wrapping: network)
            let strategy = PresetPages<Character>.rickAndMorty(baseURL: BaseURL(m.publicURL), request: .list(.character))
            let loader = await drain(strategy, through: cache, policy: Self.patient)
            #expect(loader.isExhausted, "stopped at \(loader.state)")
            #expect(loader.items.map(\.id) == Array(1...826))
            #expect(network.count > 42, "the truncations fired and their retries went over the network")
            #expect(cache.count == 42, "only whole pages were kept")
        }
    }

    @Test func rickAndMortyReachesTheEndThroughFaults() async throws {
        try await Mirror.with(faults: Self.storm) { m in
            let counting = CountingTransport(CurlTransport())
            let strategy = PresetPages<Character>.rickAndMorty(baseURL: BaseURL(m.publicURL), request: .list(.character))
            let loader = await drain(strategy, through: counting, policy: Self.patient)
            #expect(loader.isExhausted, "stopped at \(loader.state)")
            #expect(loader.items.map(\.id) == Array(1...826))   // no duplicates, no gaps, in order
            #expect(loader.pagesLoaded == 42)
            #expect(counting.count > 42)                         // the faults did fire
        }
    }

    @Test func pokeAPIReachesTheEndThroughFaults() async throws {
        try await Mirror.with(faults: Self.storm) { m in
            let strategy = PresetPages<PokemonSummary>.pokeAPI(baseURL: BaseURL("\(m.publicURL)/v2"), path: "pokemon", limit: 100)
            let loader = await drain(strategy, through: CurlTransport(), policy: Self.patient)
            #expect(loader.isExhausted, "stopped at \(loader.state)")
            #expect(loader.count == 1351)
            #expect(loader.items.map(\.id) == Mirror.data.pokemon.map(\.id))
        }
    }

    @Test func postgRESTReachesTheEndThroughFaults() async throws {
        try await Mirror.with(faults: Self.storm) { m in
            let strategy = PresetPages<Character>.postgREST(baseURL: BaseURL("\(m.origin)/rest/v1"), table: "characters", pageSize: 50)
            let loader = await drain(strategy, through: CurlTransport(), policy: Self.patient)
            #expect(loader.isExhausted, "stopped at \(loader.state)")
            #expect(loader.items.map(\.id) == Array(1...826))
        }
    }
}
