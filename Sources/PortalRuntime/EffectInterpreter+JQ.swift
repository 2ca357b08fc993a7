import Foundation
import PortalCore
import PortalEffects
import PortalJQ

/// The interpreter's timers and jq runs (`|` in a pane): each an effect whose answer is a
/// message through the mailbox, like a page's, so the terminal loop wakes for it and the
/// update sees it in its batch. Nothing here touches the UI thread.
extension EffectInterpreter {
    /// jq programs run here, one after another, on a dispatch queue's thread: never the
    /// UI thread, and never a thread of Swift's concurrency pool (a libjq call blocks, a
    /// program that never ends would hold a pool thread for good, and a 2-core machine's
    /// pool has two). libjq runs one program at a time anyway (`JQProgram`'s lock).
    static let jqQueue = DispatchQueue(label: "portal.jq", qos: .userInitiated)

    /// Starts `.runJQ` or `.wakeAfter`; its message goes to `deliver` when it ends. A run
    /// that never ends never answers, and stays in `activity` (portal is not idle). A
    /// background timer (`Wake.isBackground`: the watch's interval, a rate limit's reset)
    /// is no work in flight: waiting for it is idleness.
    func performAnswered(_ effect: Effect, deliver: @escaping @Sendable (AppMessage) -> Void) {
        if case .wakeAfter(_, let wake) = effect, wake.isBackground {
            Task.detached { if let message = await self.run(effect) { deliver(message) } }
            return
        }
        activity.begin()
        Task.detached {
            defer { self.activity.end() }
            if let message = await self.run(effect) { deliver(message) }
        }
    }

    /// Runs `run` on the jq queue and answers with its outcome; the task waiting for it
    /// is suspended meanwhile, holding no thread.
    func runJQ(_ run: JQRun) async -> AppMessage {
        let prepare = prepareThread
        let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<JQOutcome, Never>) in
            Self.jqQueue.async {
                prepare()  // the terminal's alternate signal stack, as on every effect's thread
                continuation.resume(returning: JQRunner.outcome(of: run.program, on: run.input))
            }
        }
        return .jq(run.pane, ticket: run.ticket, outcome)
    }

    /// Waits `after` on the interpreter's clock, then answers `.woke(wake)`; nothing when cancelled.
    func wake(_ wake: Wake, after: Duration) async -> AppMessage? {
        do { try await pause(after) } catch { return nil }
        return .woke(wake)
    }
}

/// One jq program on one JSON text, through libjq, to an outcome the prompt can show:
/// its outputs as `jq -c` prints them, cut at `JQRun.maxOutputs` outputs or
/// `JQRun.maxOutputBytes` bytes (a program may have endless ones, or one as large as
/// memory), or jq's first message line, sanitised (it may quote the input).
enum JQRunner {
    static func outcome(of program: String, on input: Data) -> JQOutcome {
        let trimmed = program.trimmingCharacters(in: .whitespaces)
        do {
            let compiled = try JQProgram(compile: trimmed.isEmpty ? "." : trimmed)
            var outputs: [String] = []
            var bytes = 0
            var cut = false
            do {
                try compiled.run(onJSON: input) { output in
                    let text = output.jsonText
                    guard outputs.count < JQRun.maxOutputs, bytes + text.utf8.count <= JQRun.maxOutputBytes else {
                        cut = true
                        throw Cut()
                    }
                    bytes += text.utf8.count
                    outputs.append(text)
                }
            } catch is Cut {}
            return .outputs(outputs, cut: cut)
        } catch let error as JQError {
            return .failed(Sanitize.line(firstLine(error.message), limit: 200))
        } catch {
            return .failed(Sanitize.line("\(error)", limit: 200))
        }
    }

    private struct Cut: Error {}

    private static func firstLine(_ text: String) -> String {
        String(text.split(whereSeparator: \.isNewline).first ?? "")
    }
}
