import Foundation
import PortalCore
import PortalRuntime
import PortalTestSupport
@testable import PortalUI
import Synchronization
import Testing

/// Pictures and the rate limit (issue 35, item 19): pictures from the list's own origin
/// spend its budget, so while it is low the cards ahead get none (those on screen still
/// do); a picture's answer says the budget as a page's does (the status line follows);
/// and when the reset passes a timer takes the note off and prefetch resumes, with no key.
/// A CDN's budget holds nothing of the list's.
@MainActor
@Suite("Pictures and the status line follow the rate limit")
struct PicturesFollowTheRateLimitTests {
    nonisolated static func isAvatar(_ url: URL) -> Bool { url.path.contains("/character/avatar/") }

    /// A wall clock the test moves.
    final class WallClock: Sendable {
        private let date = Mutex(Date())
        var now: Date { date.withLock { $0 } }
        func advance(_ seconds: TimeInterval) { date.withLock { $0 += seconds } }
    }

    struct Setup {
        let transport: CountingTransport
        let rated: RatedAnswers
        let runner: EffectQueue
        let controller: ScreenController
        /// The wall clock the controller reads resets on.
        let today: WallClock

        var pages: [String] {
            transport.urls.filter { !$0.contains("/avatar/") }.map { String($0.split(separator: "/api").last ?? "") }
        }

        var avatars: [Int] {
            transport.urls.compactMap { URL(string: $0) }.filter(PicturesFollowTheRateLimitTests.isAvatar)
                .compactMap { Int($0.deletingPathExtension().lastPathComponent) }
        }
    }

    /// The characters at 120 × 40 (28 cards on screen, two rows of 4 ahead) with pictures,
    /// `remaining` of 60 left where `rated` says.
    static func start(remaining: Int, rated: @escaping @Sendable (URL) -> Bool = { _ in true }, before: [AppMessage] = []) -> Setup {
        let budget = RateBudget()
        let source = TestData.rickAndMorty()
        let rated = RatedAnswers(TestData.snapshot, budget: budget, remaining: remaining, rated: rated)
        let transport = CountingTransport(rated)
        let runner = EffectQueue(interpreter: EffectInterpreter(source: source, transport: transport, retryPolicy: .none,
                                                                clock: ManualClock(), rates: budget))
        let today = WallClock()
        let setup = Setup(transport: transport, rated: rated, runner: runner, controller: ScreenController(
            source: source, sourceLabel: "mirror", pictures: .symbols, today: { [today] in today.now }), today: today)
        for message in before { runner.enqueue(setup.controller.update(.message(message))) }
        runner.enqueue(setup.controller.update(.start(Size(columns: 120, rows: 40))))
        return setup
    }

    @Test func withPlentyLeftTheCardsAheadGetTheirPictures() async {
        let setup = Self.start(remaining: 40)
        await setup.runner.drain(into: setup.controller)
        #expect(setup.avatars.count == 36, "28 on screen and 8 ahead")
        #expect(setup.pages == ["/character", "/character?page=2", "/character?page=3"])
    }

    @Test func withFewLeftOnlyTheCardsOnScreenGetTheirPictures() async {
        let setup = Self.start(remaining: 12)
        await setup.runner.drain(into: setup.controller)
        #expect(setup.avatars.sorted() == Array(1...28), "none of the 8 ahead: \(setup.avatars.sorted())")
        #expect(setup.pages == ["/character", "/character?page=2"])
    }

    @Test func theLastFewAreKeptForPagesNoPictureTakesThem() async throws {
        let setup = Self.start(remaining: 4)
        await setup.runner.drain(into: setup.controller)
        #expect(setup.avatars.isEmpty, "\(setup.avatars)")
        #expect(setup.pages == ["/character", "/character?page=2"], "the screen's pages still go")
        setup.runner.enqueue(setup.controller.update(.key(.pageDown)))
        await setup.runner.drain(into: setup.controller)
        #expect(setup.pages == ["/character", "/character?page=2", "/character?page=3"], "cards 29-56: pages 2 and 3")
        #expect(setup.avatars.isEmpty)
    }

    @Test func aPicturesAnswerSaysTheBudgetToTheStatusLineAndHoldsWhatIsAhead() async throws {
        // The pages say nothing of a limit; the avatars, from the same origin, do.
        let setup = Self.start(remaining: 12, rated: Self.isAvatar)
        await setup.runner.drain(into: setup.controller)
        let note = try #require(setup.controller.listStatus.note, "the pictures' answers said 12 left")
        #expect(note.hasPrefix("rate 12 left · resets "), "\(note)")
        #expect(setup.avatars.sorted() == Array(1...28), "\(setup.avatars.sorted())")
    }

    @Test func anotherOriginsLowBudgetHoldsNothingOfTheList() async {
        let cdn = Origin(scheme: "https", host: "cdn.example", port: nil)
        let low = RateLimit(style: .github, limit: 60, remaining: 1, reset: Date().addingTimeInterval(600))
        let setup = Self.start(remaining: 40, before: [.rate(cdn, low)])
        await setup.runner.drain(into: setup.controller)
        #expect(setup.avatars.count == 36)
        #expect(setup.pages == ["/character", "/character?page=2", "/character?page=3"])
        #expect(setup.controller.listStatus.note == nil, "the CDN's budget is not the list's")
    }

    @Test func whenTheResetPassesTheNoteGoesAndPrefetchResumesWithNoKey() async throws {
        let setup = Self.start(remaining: 12)
        await setup.runner.drain(into: setup.controller)
        #expect(setup.pages.count == 2 && setup.avatars.count == 28)
        #expect(setup.controller.listStatus.note?.hasPrefix("rate 12 left") == true)
        let timers = setup.runner.takeTimers()
        let timer = try #require(timers.last, "a timer for the reset")
        guard case .rateReset = timer.wake else { Issue.record("\(timer)"); return }
        #expect(timers.count == 1, "one timer, not one per answer: \(timers.map(\.wake))")
        // Ten minutes from the answers (the wall clock stood still since the start; the
        // answers came a moment later), and a little more.
        #expect(timer.after >= .seconds(599) + RateNotes.resetMargin && timer.after < .seconds(660), "\(timer.after)")
        // The window starts over: the server has plenty again.
        setup.rated.window.withLock { $0 = .init(remaining: 59, resetIn: 1200) }
        // Each timer wakes when its time has passed; an answer a second later said a reset
        // a second later, and the timer that woke first sets the next one for it.
        var due: (after: Duration, wake: Wake)? = timer
        for _ in 0..<5 {
            guard let next = due else { break }
            setup.today.advance(Double(next.after.components.seconds) + Double(next.after.components.attoseconds) / 1e18)
            setup.runner.enqueue(setup.controller.update(.message(.woke(next.wake))))
            due = setup.runner.takeTimers().last { if case .rateReset = $0.wake { true } else { false } }
        }
        #expect(due == nil, "no timer left")
        #expect(setup.controller.listStatus.note == nil, "the reset passed")
        await setup.runner.drain(into: setup.controller)
        #expect(setup.pages == ["/character", "/character?page=2", "/character?page=3"])
        #expect(setup.avatars.count == 36)
    }
}
