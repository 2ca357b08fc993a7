import Foundation
import PortalCore
import PortalRuntime
import PortalTestSupport
@testable import PortalUI
import Testing

/// Prefetch holds while the rate limit is low (issue 35, item 19): with few requests left
/// only the pages the screen shows are asked for, never the page beyond; the status line
/// says how many are left and when they come back.
@MainActor
@Suite("Prefetch holds while the rate limit is low")
struct PrefetchHoldsWhileTheRateLimitIsLowTests {
    /// The list at 120 × 40 (36 cards on screen) with `remaining` requests left.
    func start(remaining: Int) -> (CountingTransport, EffectQueue, ScreenController) {
        let budget = RateBudget()
        let source = TestData.rickAndMorty()
        let transport = CountingTransport(RatedAnswers(TestData.snapshot, budget: budget, remaining: remaining))
        let runner = EffectQueue(interpreter: EffectInterpreter(source: source, transport: transport, retryPolicy: .none,
                                                                clock: ManualClock(), rates: budget))
        let controller = ScreenController(source: source, sourceLabel: "mirror", pictures: .off)
        runner.enqueue(controller.update(.start(Size(columns: 120, rows: 40))))
        return (transport, runner, controller)
    }

    func pages(_ transport: CountingTransport) -> [String] {
        transport.urls.map { String($0.split(separator: "/api").last ?? "") }
    }

    @Test func withPlentyLeftThePageBeyondTheScreenIsAsked() async {
        let (transport, runner, controller) = start(remaining: 40)
        await runner.drain(into: controller)
        #expect(pages(transport) == ["/character", "/character?page=2", "/character?page=3"])
        #expect(controller.listStatus.note == nil, "the rate is not said while it does not matter")
    }

    @Test func withFewLeftOnlyTheScreensPagesAreAskedAndTheStatusLineSaysSo() async throws {
        let (transport, runner, controller) = start(remaining: 12)
        await runner.drain(into: controller)
        // 36 cards on screen: pages 1 and 2, not page 3.
        #expect(pages(transport) == ["/character", "/character?page=2"])
        let note = try #require(controller.listStatus.note)
        #expect(note.hasPrefix("rate 12 left · resets "), "\(note)")
        // A screen down shows cards 37-72: pages 3 and 4, still none beyond.
        runner.enqueue(controller.update(.key(.pageDown)))
        await runner.drain(into: controller)
        #expect(pages(transport) == ["/character", "/character?page=2", "/character?page=3", "/character?page=4"])
    }
}
