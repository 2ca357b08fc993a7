import Foundation
import PortalCore
@testable import PortalRuntime
import PortalTestSupport
@testable import PortalUI
import Testing

/// `|` in a detail pane: a jq program filters the pane's JSON (the item as the API
/// serves it) as it is typed; a program jq refuses shows jq's message on the prompt line
/// while the tree keeps the last good result; Esc closes it and the pane is as it was.
/// A run is an effect the real interpreter performs (the real libjq, off the UI thread)
/// and its answer a message, as is the quiet time after a key.
@MainActor @Suite struct AJqProgramFiltersThePaneAsTypedTests {
    static func screen(_ harness: Harness) -> String { harness.screen().lines.joined(separator: "\n") }

    /// Runs every effect queued (wakes, runs) and delivers their answers.
    static func settle(_ harness: Harness) async {
        await harness.runner.drain(into: harness.controller)
        #expect(harness.controller.paneFilter.running == nil)
    }

    static func openRick() async throws -> Harness {
        let harness = Harness(size: Size(columns: 100, rows: 30))
        await harness.runner.drain(into: harness.controller)
        harness.press(.enter)
        await harness.runner.drain(into: harness.controller)
        #expect(harness.controller.pane?.item?.rawID == 1)
        return harness
    }

    static func runs(_ effects: [Effect]) -> [JQRun] {
        effects.compactMap { if case .runJQ(let run) = $0 { run } else { nil } }
    }

    @Test func aProgramFiltersThePaneAsTypedAndEscRestoresIt() async throws {
        let harness = try await Self.openRick()
        let before = Self.screen(harness)
        let opened = harness.send(.key(.character("|")))
        #expect(harness.controller.context == .paneFilter)
        #expect(Self.runs(opened).map(\.program) == [""], "`.` runs at once: \(opened)")
        await Self.settle(harness)
        #expect(Self.screen(harness).contains("Citadel of Ricks"), "the item whole until a program is typed")
        let typed = "{n: .name, eps: (.episode | length)}".map { harness.send(.key(.character($0))) }
        #expect(typed.allSatisfy { effects in
            Self.runs(effects).isEmpty && effects.contains { if case .wakeAfter(PaneFilter.debounce, _) = $0 { true } else { false } }
        }, "debounced: a key sets a timer, it runs nothing")
        await Self.settle(harness)
        let filtered = Self.screen(harness)
        #expect(filtered.contains("jq: {n: .name, eps: (.episode | length)}"), "\(filtered)")
        #expect(filtered.contains("Rick Sanchez") && filtered.contains("51") && !filtered.contains("Citadel of Ricks"), "\(filtered)")
        harness.press(.escape)
        #expect(harness.controller.context == .detail)
        #expect(Self.screen(harness) == before)
    }

    @Test func onlyTheLastWakeRunsAndEnterRunsAtOnce() async throws {
        let harness = try await Self.openRick()
        harness.press(.character("|"))
        await Self.settle(harness)
        harness.type(".name")
        // Five wakes come back; only the last key's runs the text, once.
        var ran: [JQRun] = []
        while let message = await harness.runner.takeNext() {
            let effects = harness.controller.update(.message(message))
            ran += Self.runs(effects)
            harness.runner.enqueue(effects)
        }
        #expect(ran.map(\.program) == [".name"], "\(ran)")
        harness.type(" | length")
        let entered = harness.send(.key(.enter))
        #expect(Self.runs(entered).map(\.program) == [".name | length"])
        await Self.settle(harness)
        #expect(harness.controller.paneFilter.shown?.outputs == ["12"])
    }

    @Test func aRunInFlightHoldsTheNextAndAnOldPromptsAnswerIsIgnored() async throws {
        let harness = try await Self.openRick()
        let first = Self.runs(harness.send(.key(.character("|"))))
        harness.type(".id")
        // Enter while `.` is in flight: nothing new runs until it answers.
        #expect(Self.runs(harness.send(.key(.enter))).isEmpty)
        let pane = try #require(harness.controller.pane?.address)
        let answered = harness.controller.update(.message(.jq(pane, ticket: try #require(first.first).ticket, .outputs(["{}"], cut: false))))
        #expect(Self.runs(answered).map(\.program) == [".id"], "the owed text runs when the run in flight ends")
        // Esc, then `|` again: the old prompt's run answering now matches nothing.
        harness.press(.escape)
        let reopened = Self.runs(harness.send(.key(.character("|"))))
        _ = harness.controller.update(.message(.jq(pane, ticket: try #require(Self.runs(answered).first).ticket, .outputs(["1"], cut: false))))
        #expect(harness.controller.paneFilter.shown == nil)
        #expect(harness.controller.paneFilter.running?.ticket == reopened.first?.ticket)
    }

    @Test func aBadProgramShowsJqsMessageAndKeepsTheLastGoodTree() async throws {
        let harness = try await Self.openRick()
        harness.press(.character("|"))
        harness.type(".origin")
        harness.press(.enter)
        await Self.settle(harness)
        harness.type(" | ][")
        harness.press(.enter)
        await Self.settle(harness)
        let screen = Self.screen(harness)
        #expect(screen.contains("jq: error"), "\(screen)")
        #expect(screen.contains("Earth (C-137)"), "the last good result stays: \(screen)")
        harness.press(.backspace, .backspace, .backspace, .backspace, .backspace)
        harness.type(".name")
        #expect(harness.controller.paneFilter.text == ".origin.name")
        harness.press(.enter)
        await Self.settle(harness)
        #expect(!Self.screen(harness).contains("jq: error"))
    }

    @Test func endlessOutputsAreCutAndTheScreenNeverWaits() async throws {
        let harness = try await Self.openRick()
        harness.press(.character("|"))
        harness.type("repeat(.id)")
        harness.press(.enter)
        await Self.settle(harness)
        #expect(harness.controller.paneFilter.shown?.outputs.count == JQRun.maxOutputs)
        #expect(Self.screen(harness).contains("jq repeat(.id)"))
        #expect(harness.controller.paneFilter.shown?.cut == true)
    }

    @Test func outputsBecomeARow() {
        let one = PaneFilter.row([#"{"a":1,"b":[1,2]}"#])
        #expect(one.columns.map(\.name) == ["a", "b"])
        let many = PaneFilter.row(["1", #""x""#, "null", "[1]"])
        #expect(many.columns.map(\.name) == ["0", "1", "2", "3"])
        #expect(many.columns.map(\.value) == [.number("1"), .string("x"), .null, .json("[1]")])
    }
}
