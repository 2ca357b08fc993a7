import Foundation
import Synchronization
import Testing
@testable import PortalCore
import PortalDemoModels
@testable import PortalPaging
import PortalPresets
import PortalTestSupport

/// The retry loop gives up in bounded time, and at once when a retry cannot help.
@Suite("RetryingSender gives up in time")
struct RetryingSenderGivesUpInTimeTests {
    /// Times out after a pretend 10 s, every time.
    struct SlowTimeouts: Transport {
        let clock: ManualClock
        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            clock.advance(.seconds(10))
            throw TransportError.timedOut(.idle(seconds: 10))
        }
    }

    @Test func aPageThatCannotBeHadGivesUpWithinTheBudget() async throws {
        let clock = ManualClock()  // moved by each wait and each attempt's timeout
        let counting = CountingTransport(SlowTimeouts(clock: clock))
        let sender = RetryingSender(transport: counting, policy: RetryPolicy(), clock: clock, random: { 1 })
        let start = clock.now
        let result = await sender.send(HTTPRequest(url: try #require(URL(string: "http://x/api/character")))) { _ throws(PageFailure) in () }
        guard case .failure(let failure) = result else { Issue.record("succeeded"); return }
        #expect(clock.now - start <= .seconds(31))
        #expect(counting.count == 3, "10 s + 10 s + 10 s, then no time is left for a fourth")
        #expect(failure.message.contains("no data from the server for 10 s") && failure.message.contains("gave up after 3 attempts"), "\(failure.message)")
    }

    @Test func theSameUndecodableBytesTwiceEndTheRetries() async throws {
        let answers = FixedTransport(answers: ["http://x/api/character": .json(200, #"{"info":{"count":1,"next":null},"results":[{"id":1"#)])
        let counting = CountingTransport(answers)
        let strategy = PresetPages<Character>.rickAndMorty(baseURL: "http://x/api", request: .list(.character))
        let fetcher = PageFetcher(transport: counting, strategy: strategy, clock: ManualClock())
        let result = await fetcher.fetch(PageTicket(generation: 0, request: strategy.firstPage))
        guard case .failure(let failure) = result else { Issue.record("decoded"); return }
        #expect(counting.count == 2, "not 12")
        #expect(failure.kind == .malformed && failure.message.contains("same undecodable answer"))
    }

    @Test func aNotFoundPageIsReportedAtOnce() async throws {
        let answers = FixedTransport(answers: ["http://x/api/character?page=2": .json(404, #"{"error":"There is nothing here"}"#)])
        let counting = CountingTransport(answers)
        // Walked by its next links with no `past_end` (rickandmorty.toml reads its 404 as the end).
        let strategy = PresetPages<Character>.rickAndMortyByNextLinks(baseURL: "http://x/api")
        let fetcher = PageFetcher(transport: counting, strategy: strategy, clock: ManualClock())
        let page2 = PageRequest(url: try #require(URL(string: "http://x/api/character?page=2")), index: 1)
        let result = await fetcher.fetch(PageTicket(generation: 0, request: page2))
        #expect(counting.count == 1)
        guard case .failure(let failure) = result else { Issue.record("succeeded"); return }
        #expect(failure.kind == .http(status: 404))
    }
}
