import Foundation
import PortalCore
import PortalTestSupport
@testable import PortalUI
import Testing

/// The planner only plans: `ScreenPlanner.plan` reads the state and returns its decisions;
/// `ScreenController.apply` is the one place they are marked and become effects, once. A
/// frame changes nothing, and a batch of events is planned once.
@MainActor @Suite("Planning: a plan is a value, applied once")
struct APlanIsMadeOnceAndAppliedOnceTests {
    static func fetchedPages(_ effects: [Effect]) -> [Int] {
        effects.compactMap { if case .fetchPage(_, let ticket, _, _) = $0 { ticket.request.index } else { nil } }
    }

    static func itemFetches(_ effects: [Effect]) -> Int {
        effects.filter { if case .fetchItems = $0 { true } else { false } }.count
    }

    /// Makes the controller's plan for now, without applying it.
    static func plan(_ c: ScreenController) -> ScreenPlan {
        c.planner.plan(c.tabs, active: c.activeTab, pictures: c.pictureNeeds, at: c.now())
    }

    @Test func makingAPlanMarksNothingAndApplyingItMarksOnce() async {
        let h = Harness(size: Size(columns: 100, rows: 30))
        await h.runner.drain(into: h.controller)
        let c = h.controller
        // A jump far down, handled by hand: the key, then plans made but not applied.
        _ = c.perform(.last, key: .end)
        let inFlight = c.list.pagesInFlight
        let requests = c.pageRequestCount
        let first = Self.plan(c)
        let second = Self.plan(c)
        #expect(c.list.pagesInFlight == inFlight && c.pageRequestCount == requests, "a plan made marked something")
        // The same state gives the same plan.
        #expect(Self.fetchedPagesOf(first, c) == Self.fetchedPagesOf(second, c))
        let asked = Self.fetchedPages(c.apply(first))
        #expect(!asked.isEmpty)
        #expect(c.pageRequestCount == requests + asked.count)
        // A plan made before another was applied asks for nothing that one took.
        #expect(Self.fetchedPages(c.apply(second)).isEmpty)
        #expect(c.list.pagesInFlight == inFlight + asked.count)
    }

    /// The pages a plan names for the active tab.
    static func fetchedPagesOf(_ plan: ScreenPlan, _ c: ScreenController) -> [Int] {
        plan.steps.flatMap { step -> [Int] in
            if case .pages(let tab, let ask, _) = step, tab == c.activeTab { ask.pages } else { [] }
        }
    }

    @Test func aPanesNeedIsAskedOnceWhateverThePlansMade() async {
        let h = Harness(size: Size(columns: 100, rows: 30))
        await h.runner.drain(into: h.controller)
        let c = h.controller
        _ = c.perform(.open, key: .enter)
        let first = Self.plan(c), second = Self.plan(c)
        let asked = Self.itemFetches(c.apply(first))
        #expect(asked > 0)
        #expect(Self.itemFetches(c.apply(second)) == 0)
    }

    @Test func aFrameChangesNothingAndThePlanItOwesComesNext() async {
        // Cards with pictures, then a frame on a screen without 256 colours: the cards lose
        // their pictures. The frame only notes the palette; the next update lays the grid
        // out for text cards and plans for the cards it now shows.
        let h = Harness(size: Size(columns: 100, rows: 40), pictures: .symbols)
        await h.runner.drain(into: h.controller)
        let c = h.controller
        _ = h.screen()
        let grid = c.grid.state
        #expect(grid.cardHeight == CardView.pictureCardHeight)
        let requests = c.pageRequestCount, plans = c.planner.plansApplied
        for _ in 0..<2 {
            c.render(into: TextScreen(size: c.size, colorCount: 8))
            #expect(c.grid.state == grid, "a frame laid the grid out")
            #expect(c.pageRequestCount == requests && c.planner.plansApplied == plans)
        }
        #expect(c.needsRedraw, "the frame owes a plan for what it learnt")
        h.runner.enqueue(c.update([]))
        #expect(c.grid.state.cardHeight == GridState.defaultCardHeight)
        await h.runner.drain(into: c)
        // Every card on screen is loaded: nothing the new layout needed was lost.
        #expect(c.grid.visibleRange.allSatisfy { c.list.item(at: $0) != nil })
        c.render(into: TextScreen(size: c.size, colorCount: 8))
        #expect(!c.needsRedraw)
    }

    @Test func aBatchOfPictureAnswersIsPlannedOnceAndAsksEachPictureOnce() async {
        // Pictures arrive in bursts (four in flight at a time): a wake-up's worth is one
        // update and one planning step, and every picture is still asked for once.
        let h = Harness(size: Size(columns: 100, rows: 40), pictures: .symbols)
        await h.runner.drain(into: h.controller)
        let c = h.controller
        h.press(.pageDown, .pageDown)
        var answers: [AppEvent] = []
        while let message = await h.runner.takeNext() {
            if case .picture = message { answers.append(.message(message)) } else { h.runner.enqueue(c.update(.message(message))) }
        }
        #expect(answers.count > 1)
        let plans = c.planner.plansApplied
        h.runner.enqueue(c.update(answers))
        #expect(c.planner.plansApplied == plans + 1)
        await h.runner.drain(into: c)
        #expect(h.transport.avatarRequests > answers.count)
        let avatars = h.transport.urls.filter { $0.contains("/avatar/") }
        #expect(Set(avatars).count == avatars.count, "a picture asked twice")
    }

    @Test func aPageAnswerInABatchIsPlannedAsIfItCameAlone() async {
        // Pages can move a list's end: each answer is planned when it arrives, so the
        // pages asked are those one at a time would ask, each once.
        let h = Harness(size: Size(columns: 100, rows: 40))
        await h.runner.drain(into: h.controller)
        let c = h.controller
        h.press(.pageDown, .pageDown, .pageDown, .pageDown)
        var answers: [AppEvent] = []
        while let message = await h.runner.takeNext() { answers.append(.message(message)) }
        #expect(answers.count > 1)
        let plans = c.planner.plansApplied
        h.runner.enqueue(c.update(answers))
        #expect(c.planner.plansApplied == plans + answers.count)
        await h.runner.drain(into: c)
        #expect(c.grid.visibleRange.allSatisfy { c.list.item(at: $0) != nil })
        #expect(Set(h.pageURLs).count == h.pageURLs.count, "a page asked twice: \(h.pageURLs)")
    }
}
