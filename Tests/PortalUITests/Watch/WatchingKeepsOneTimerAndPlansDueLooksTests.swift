import PortalCore
@testable import PortalUI
import Testing

/// The list watch's own update, without a controller: its timer is an effect, a due timer
/// marks a look due (the look itself is the planning step's), a stale timer does nothing,
/// and `w` turns it off forgetting what was marked new.
@MainActor struct WatchingKeepsOneTimerAndPlansDueLooksTests {
    static func timers(_ effects: [Effect]) -> [(after: Duration, ticket: Int)] {
        effects.compactMap { if case .wakeAfter(let after, .watch(let ticket)) = $0 { (after, ticket) } else { nil } }
    }

    @Test func startingSetsOneTimerAtTheIntervalNeverUnderASecond() {
        var watch = ListWatch()
        #expect(Self.timers(watch.start(every: .seconds(5))).map(\.after) == [.seconds(5)])
        var fast = ListWatch()
        #expect(Self.timers(fast.start(every: .milliseconds(10))).map(\.after) == [ListWatch.shortestInterval])
    }

    @Test func aDueTimerMarksALookDueAndSetsTheNextWithoutFetching() {
        var watch = ListWatch()
        let first = Self.timers(watch.start(every: .seconds(30)))
        let woke = watch.woke(first[0].ticket)
        #expect(watch.lookDue)
        #expect(woke.count == 1 && Self.timers(woke).count == 1, "only the next timer: the look is the planner's")
        #expect(Self.timers(woke)[0].ticket != first[0].ticket)
    }

    @Test func aStaleTimerDoesNothing() {
        var watch = ListWatch()
        let first = Self.timers(watch.start(every: .seconds(30)))
        _ = watch.woke(first[0].ticket)
        watch.lookDue = false
        #expect(watch.woke(first[0].ticket).isEmpty && !watch.lookDue)
    }

    @Test func wOnSetsTheTimerAndWOffSaysSoAndForgetsNewMarks() {
        var watch = ListWatch()
        let on = watch.toggle()
        #expect(on.notice == nil && Self.timers(on.effects).map(\.after) == [.seconds(30)], "the watch's note says it")
        var marks = ListMarks(query: ListQuery(kind: .character))
        marks.new = [ItemKey(.character, 1)]
        marks.newCount = 1
        watch.marks[0] = marks
        let off = watch.toggle()
        #expect(off.notice == "not watching" && off.effects.isEmpty && watch.interval == nil)
        #expect(watch.marks[0]?.new.isEmpty == true && watch.marks[0]?.newCount == 0)
        #expect(watch.woke(watch.ticket).isEmpty, "off: the last timer does nothing")
    }

    @Test func aDueLookIsPlannedOnlyForATabThatCanBeLookedAt() async {
        let h = Harness(size: Size(columns: 100, rows: 30))
        await h.runner.drain(into: h.controller)
        var watch = ListWatch()
        watch.lookDue = true
        let tab = h.controller.tab
        let planner = ScreenPlanner()
        let looks = { (watch: ListWatch) in
            planner.plan([tab], active: tab.index, pictures: nil, watch: watch, at: .now).steps.filter {
                if case .look = $0 { true } else { false }
            }.count
        }
        #expect(looks(watch) == 1)
        watch.lookInFlight = tab.index
        #expect(looks(watch) == 0, "the last look has not answered")
        watch.lookInFlight = nil
        watch.lookDue = false
        #expect(looks(watch) == 0)
    }
}
