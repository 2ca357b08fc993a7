import Foundation
import PortalCore
import PortalCurl
@testable import PortalMirror
import Synchronization
import Testing

/// The mirror's rate-limit mode (`--rate-limit N/WINDOW`, `--rate-limit-headers`): N a
/// window per client, and headers in each style that portal's reader reads back as the
/// mirror's own count.
@Suite("Mirror rate-limit mode")
struct RateLimitModeCountsAWindowPerClientTests {
    @Test func aWindowOfSecondsCountsPerClientAndSaysWhenItEnds() {
        let second = Mutex<Int64>(1_800_000_030)
        let limiter = RateLimiter(limit: 3, window: 60, clock: { second.withLock { $0 } })
        let counts = (0..<4).map { _ in limiter.count("a") }
        #expect(counts.map(\.admitted) == [true, true, true, false])
        #expect(counts.map(\.remaining) == [2, 1, 0, 0])
        #expect(counts.allSatisfy { $0.resetIn == 30 && $0.resetAt == 1_800_000_060 })
        second.withLock { $0 = 1_800_000_060 }
        #expect(limiter.count("a") == RateLimiter.Count(admitted: true, limit: 3, remaining: 2, used: 1, resetIn: 60, resetAt: 1_800_000_120))
    }

    /// Each style's headers, read by portal, say what the mirror counted.
    @Test(arguments: [(MirrorRateHeaders.ietf, RateLimit.Style.ietf), (.ietfFields, .ietfFields), (.xRateLimit, .xRateLimit), (.github, .github)])
    func eachStyleReadsBackAsTheMirrorsCount(headers: MirrorRateHeaders, style: RateLimit.Style) throws {
        let now = Date(timeIntervalSince1970: 1_800_000_030)
        let count = RateLimiter.Count(admitted: true, limit: 3, remaining: 1, used: 2, resetIn: 30, resetAt: 1_800_000_060)
        let read = try #require(RateLimit.read(status: 200, headers: headers.fields(count, window: 60), now: now))
        #expect(read.style == style)
        #expect(read.limit == 3 && read.remaining == 1)
        #expect(read.reset == Date(timeIntervalSince1970: 1_800_000_060))
        #expect(MirrorRateHeaders.none.fields(count, window: 60).isEmpty)
    }

    /// One GET through a transport with a budget of its own, fresh each time: it asks
    /// whatever the last answer said (portal's own would wait for the reset, an hour here).
    func get(_ mirror: RunningMirror, _ path: String) async throws -> HTTPResponse {
        var configuration = CurlTransport.Configuration()
        configuration.rates = RateBudget()
        return try await CurlTransport(configuration: configuration).send(HTTPRequest(url: try #require(URL(string: mirror.origin + path))))
    }

    /// Over HTTP: every answer carries the headers, the refused one a 429 with
    /// `Retry-After` until the window ends.
    @Test(.timeLimit(.minutes(1))) func overHTTPTheAnswersCarryTheLimit() async throws {
        var faults = FaultSettings()
        faults.rateLimit = 2
        faults.rateWindow = 3600
        faults.rateHeaders = .github
        try await Mirror.with(faults: faults) { m in
            let first = try await get(m, "/api")
            #expect(first.status == 200 && first.header("x-ratelimit-remaining") == "1" && first.header("x-ratelimit-used") == "1")
            #expect(first.header("x-ratelimit-resource") == "core")
            _ = try await get(m, "/api")
            let refused = try await get(m, "/api/character")
            #expect(refused.status == 429 && refused.header("x-ratelimit-remaining") == "0")
            let wait = try #require(refused.header("retry-after").flatMap(Int.init))
            #expect((1...3600).contains(wait))
            #expect(RateLimit.read(refused)?.isSpent(at: Date()) == true)
        }
    }
}
