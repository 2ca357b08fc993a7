import Foundation
import PortalCore
@testable import PortalUI
import Testing

/// The jq prompt's own update, without a controller: opening runs `.` at once, a key asks
/// for a quiet-time wake (never a run), the wake runs the text, one run at a time, and
/// answers for another pane, an earlier ticket or a closed prompt are dropped.
struct TheJqPromptRunsTheTextAsTypedOnWakesTests {
    static let pane = PaneAddress(tab: 0, generation: 0, token: 1)

    static func runs(_ effects: [Effect]) -> [JQRun] {
        effects.compactMap { if case .runJQ(let run) = $0 { run } else { nil } }
    }

    static func wakes(_ effects: [Effect]) -> [Int] {
        effects.compactMap { if case .wakeAfter(_, .paneFilter(_, let ticket)) = $0 { ticket } else { nil } }
    }

    static func opened() -> (PaneFilter, JQRun) {
        let (filter, effects) = PaneFilter.opened(on: pane, input: Data(#"{"name":"Rick"}"#.utf8), after: PaneFilter())
        let run = Self.runs(effects)
        #expect(run.map(\.program) == [""], "the item whole at once")
        return (filter, run[0])
    }

    @Test func openingRunsTheWholeItemAtOnce() {
        let (filter, run) = Self.opened()
        #expect(filter.isActive && run.pane == Self.pane && run.input == Data(#"{"name":"Rick"}"#.utf8))
    }

    @Test func aKeyAsksForAWakeAndTheWakeRunsTheTextAsTyped() {
        var (filter, first) = Self.opened()
        _ = filter.receive(.jq(Self.pane, ticket: first.ticket, .outputs([#"{"name":"Rick"}"#], cut: false)))
        var tickets: [Int] = []
        for c in ".name" {
            let effects = filter.update(.typeText, key: .character(c))
            #expect(Self.runs(effects).isEmpty)
            tickets += Self.wakes(effects)
        }
        #expect(tickets.count == 5)
        #expect(filter.receive(.woke(.paneFilter(Self.pane, ticket: tickets[0]))).isEmpty, "a superseded wake runs nothing")
        let ran = Self.runs(filter.receive(.woke(.paneFilter(Self.pane, ticket: tickets[4]))))
        #expect(ran.map(\.program) == [".name"])
        _ = filter.receive(.jq(Self.pane, ticket: ran[0].ticket, .outputs([#""Rick""#], cut: false)))
        #expect(filter.shown?.program == ".name" && filter.shown?.outputs == [#""Rick""#])
    }

    @Test func textDueWhileARunIsInFlightRunsWhenItEnds() {
        var (filter, first) = Self.opened()
        _ = filter.update(.typeText, key: .character("."))
        #expect(Self.runs(filter.update(.submit, key: .enter)).isEmpty, "one run at a time")
        let next = Self.runs(filter.receive(.jq(Self.pane, ticket: first.ticket, .outputs(["1"], cut: false))))
        #expect(next.map(\.program) == ["."])
    }

    @Test func aFailureOfTheTextAsTypedIsShownAndTheTreeStays() {
        var (filter, first) = Self.opened()
        _ = filter.receive(.jq(Self.pane, ticket: first.ticket, .outputs(["{}"], cut: false)))
        _ = filter.update(.typeText, key: .character("]"))
        let run = Self.runs(filter.update(.submit, key: .enter))
        _ = filter.receive(.jq(Self.pane, ticket: run[0].ticket, .failed("syntax error")))
        #expect(filter.error == "syntax error" && filter.shown?.outputs == ["{}"])
    }

    @Test func escClosesAndALateAnswerMatchesNoLaterPrompt() {
        var (filter, first) = Self.opened()
        _ = filter.update(.cancel, key: .escape)
        #expect(!filter.isActive)
        #expect(filter.receive(.jq(Self.pane, ticket: first.ticket, .outputs(["1"], cut: false))).isEmpty)
        let (reopened, effects) = PaneFilter.opened(on: Self.pane, input: Data("{}".utf8), after: filter)
        #expect(Self.runs(effects).allSatisfy { $0.ticket > first.ticket })
        var again = reopened
        _ = again.receive(.jq(Self.pane, ticket: first.ticket, .outputs(["1"], cut: false)))
        #expect(again.shown == nil, "an earlier prompt's answer is dropped")
    }

    @Test func anAnswerForAnotherPaneIsDropped() {
        var (filter, first) = Self.opened()
        let other = PaneAddress(tab: 0, generation: 0, token: 2)
        _ = filter.receive(.jq(other, ticket: first.ticket, .outputs(["1"], cut: false)))
        #expect(filter.shown == nil && filter.running != nil)
    }
}
