import Foundation
import PortalCore
@testable import PortalRuntime
import PortalTestSupport
import PortalUI
import Synchronization
import Testing

/// The interpreter's side of `|` in a pane: `Effect.runJQ` runs libjq off the UI thread
/// and answers `AppMessage.jq` through whatever `perform` delivers to (the terminal's
/// mailbox); `Effect.wakeAfter` answers `.woke` on the interpreter's clock. Outputs are
/// cut by count and by bytes; jq's messages are one clean line.
@Suite struct AJqRunAnswersThroughTheMailboxBoundedTests {
    static let pane = PaneAddress(tab: 0, generation: 0, token: 7)

    static func interpreter(clock: ManualClock = ManualClock()) -> EffectInterpreter {
        EffectInterpreter(source: TestData.rickAndMorty(), transport: TestData.snapshot, clock: clock)
    }

    @Test func aRunAnswersThroughTheMailboxWithItsTicket() async throws {
        let interpreter = Self.interpreter()
        let mailbox = Mailbox()
        let run = JQRun(pane: Self.pane, ticket: 3, program: ".name", input: Data(#"{"name":"Rick Sanchez"}"#.utf8))
        interpreter.perform(.runJQ(run)) { mailbox.post($0) }
        for _ in 0..<2_000 where mailbox.isEmpty { try await Task.sleep(for: .milliseconds(5)) }
        let messages = mailbox.takeAll()
        #expect(messages.count == 1)
        guard case .jq(let pane, let ticket, let outcome)? = messages.first else { Issue.record("no jq answer: \(messages)"); return }
        #expect(pane == Self.pane && ticket == 3)
        #expect(outcome == .outputs([#""Rick Sanchez""#], cut: false))
        #expect(interpreter.activity.running == 0)
    }

    @Test func aWakeAnswersOnTheInterpretersClock() async throws {
        let clock = ManualClock()
        let interpreter = Self.interpreter(clock: clock)
        let message = await interpreter.run(.wakeAfter(.milliseconds(150), .paneFilter(Self.pane, ticket: 9)))
        guard case .woke(.paneFilter(let pane, let ticket))? = message else { Issue.record("\(String(describing: message))"); return }
        #expect(pane == Self.pane && ticket == 9)
        #expect(clock.sleeps == [.milliseconds(150)])
    }

    @Test func outputsAreCutByCountAndByBytes() {
        #expect(JQRunner.outcome(of: "repeat(1)", on: Data("{}".utf8)) == .outputs(Array(repeating: "1", count: JQRun.maxOutputs), cut: true))
        // Ten outputs of 240 KB each: four fit in a MiB.
        guard case .outputs(let big, let cut) = JQRunner.outcome(of: "range(10) | [range(60000)] | map(\"abcd\") | add", on: Data("{}".utf8)) else {
            Issue.record("failed"); return
        }
        #expect(cut && big.count == 4 && big.allSatisfy { $0.utf8.count == 240_002 })
    }

    @Test func jqsMessageIsOneCleanLine() {
        #expect(JQRunner.outcome(of: ".a", on: Data(#"{"a":"\u001b[31m"}"#.utf8)) == .outputs([#""\u001b[31m""#], cut: false))
        guard case .failed(let message) = JQRunner.outcome(of: "][", on: Data("{}".utf8)) else { Issue.record("compiled"); return }
        #expect(message.hasPrefix("jq: error") && !message.contains("\n"))
        guard case .failed(let quoted) = JQRunner.outcome(of: #"error("\u001b]0;x\u0007")"#, on: Data("{}".utf8)) else { Issue.record("no error"); return }
        #expect(!quoted.unicodeScalars.contains { $0.value < 0x20 }, "\(quoted)")
    }
}
