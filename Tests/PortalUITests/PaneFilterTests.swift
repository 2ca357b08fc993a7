import Foundation
import PortalCore
import PortalTestSupport
@testable import PortalUI
import Testing

/// `|` in a detail pane: a jq program filters the pane's JSON (the item as the API
/// serves it) as it is typed; a program jq refuses shows jq's message on the prompt line
/// while the tree keeps the last good result; Esc closes it and the pane is as it was.
/// Programs run through the real libjq, off the UI thread.
@MainActor @Suite struct PaneFilterTests {
    static func screen(_ harness: Harness) -> String { harness.screen().lines.joined(separator: "\n") }

    /// Runs what is due and waits for the run to come back (a wait, bounded only to fail).
    static func settle(_ harness: Harness) async throws {
        _ = harness.controller.tick()
        for _ in 0..<2_000 where harness.controller.paneFilter.running != nil {
            try await Task.sleep(for: .milliseconds(5))
        }
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

    @Test func aProgramFiltersThePaneAsTypedAndEscRestoresIt() async throws {
        let harness = try await Self.openRick()
        let before = Self.screen(harness)
        harness.press(.character("|"))
        #expect(harness.controller.context == .paneFilter)
        try await Self.settle(harness)
        #expect(Self.screen(harness).contains("Citadel of Ricks"), "the item whole until a program is typed")
        harness.type("{n: .name, eps: (.episode | length)}")
        #expect(harness.controller.paneFilterDue.map { $0 > .zero } == true, "debounced: not run on every key")
        harness.press(.enter)
        try await Self.settle(harness)
        let filtered = Self.screen(harness)
        #expect(filtered.contains("jq: {n: .name, eps: (.episode | length)}"), "\(filtered)")
        #expect(filtered.contains("Rick Sanchez") && filtered.contains("51") && !filtered.contains("Citadel of Ricks"), "\(filtered)")
        harness.press(.escape)
        #expect(harness.controller.context == .detail)
        #expect(Self.screen(harness) == before)
    }

    @Test func aBadProgramShowsJqsMessageAndKeepsTheLastGoodTree() async throws {
        let harness = try await Self.openRick()
        harness.press(.character("|"))
        harness.type(".origin")
        harness.press(.enter)
        try await Self.settle(harness)
        harness.type(" | ][")
        harness.press(.enter)
        try await Self.settle(harness)
        let screen = Self.screen(harness)
        #expect(screen.contains("jq: error"), "\(screen)")
        #expect(screen.contains("Earth (C-137)"), "the last good result stays: \(screen)")
        harness.press(.backspace, .backspace, .backspace, .backspace, .backspace)
        harness.type(".name")
        #expect(harness.controller.paneFilter.text == ".origin.name")
        harness.press(.enter)
        try await Self.settle(harness)
        #expect(!Self.screen(harness).contains("jq: error"))
    }

    @Test func endlessOutputsAreCutAndTheScreenNeverWaits() async throws {
        let harness = try await Self.openRick()
        harness.press(.character("|"))
        harness.type("repeat(.id)")
        harness.press(.enter)
        try await Self.settle(harness)
        #expect(harness.controller.paneFilter.shown?.outputs.count == PaneFilter.maxOutputs)
        #expect(Self.screen(harness).contains("jq repeat(.id)"))
    }

    @Test func outputsBecomeARow() {
        let one = PaneFilter.row([#"{"a":1,"b":[1,2]}"#])
        #expect(one.columns.map(\.name) == ["a", "b"])
        let many = PaneFilter.row(["1", #""x""#, "null", "[1]"])
        #expect(many.columns.map(\.name) == ["0", "1", "2", "3"])
        #expect(many.columns.map(\.value) == [.number("1"), .string("x"), .null, .json("[1]")])
        #expect(PaneFilter.run(".a", on: Data(#"{"a":"\u001b[31m"}"#.utf8)) == .outputs([#""\u001b[31m""#], cut: false))
        guard case .failed(let message) = PaneFilter.run("][", on: Data("{}".utf8)) else { Issue.record("compiled"); return }
        #expect(message.hasPrefix("jq: error"))
    }
}
