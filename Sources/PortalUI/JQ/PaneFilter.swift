import Foundation
import PortalCore
import PortalJQ
import Synchronization

/// `|` in a detail pane: a jq program that filters the pane's JSON (the item as the API
/// serves it) live, as it is typed. The pane shows the program's outputs as a tree;
/// while the program does not compile or fails, the prompt line says jq's message and
/// the tree keeps the last good result; Esc closes it and the pane is as it was.
///
/// Programs run off the UI thread, one at a time, on a thread of their own (a program
/// that never ends — `last(range(1e12))`, `def f: f; f` — would otherwise freeze the
/// screen and its Ctrl-C): typing waits `debounce` after the last key, then runs the
/// text; what was typed meanwhile runs when it ends. Outputs past `maxOutputs` are cut
/// off. libjq cannot be interrupted: a program that never ends keeps its thread (and
/// libjq's one lock) until portal quits; the prompt says `jq (running)` meanwhile, and
/// Esc still closes it.
struct PaneFilter {
    /// Quiet time after a key before the program runs.
    static let debounce: Duration = .milliseconds(150)
    /// Outputs shown at most (a program may have endless ones).
    static let maxOutputs = 1_000

    /// What a run ended with: the outputs as JSON texts, or jq's message.
    enum Outcome: Equatable, Sendable {
        case outputs([String], cut: Bool)
        case failed(String)
    }

    var isActive = false
    var text = ""
    /// The pane it filters (a pane replaced or closed ends the filter).
    var pane: PaneAddress?
    /// The item's JSON the program runs on.
    var input = Data()
    /// The last good result, with its program's text; nil until one.
    var shown: (program: String, outputs: [String], cut: Bool)?
    /// jq's message for the text as it is now, if it failed.
    var error: String?
    /// When the text is to run (debounced); nil when nothing waits.
    var due: ContinuousClock.Instant?
    /// The text running now, if any.
    var running: String?

    /// Runs `program` on `input` (the thread's work): its outputs, cut at `maxOutputs`, or
    /// jq's message (sanitised: it may quote the input).
    static func run(_ program: String, on input: Data) -> Outcome {
        let trimmed = program.trimmingCharacters(in: .whitespaces)
        do {
            let compiled = try JQProgram(compile: trimmed.isEmpty ? "." : trimmed)
            var outputs: [String] = []
            var cut = false
            do {
                try compiled.run(onJSON: input) { output in
                    guard outputs.count < maxOutputs else { cut = true; throw Cut() }
                    outputs.append(output.jsonText)
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

    /// The outputs as one row for the pane's tree: a single object as its own fields,
    /// anything else as fields `0`, `1`, … (a string, a number, an array).
    static func row(_ outputs: [String]) -> Row {
        if outputs.count == 1, outputs[0].hasPrefix("{"),
           let row = try? RowReader.rows(Data(("[" + outputs[0] + "]").utf8)).first {
            return row
        }
        let columns: [(name: String, value: Row.Value)] = outputs.enumerated().map { index, text in
            (String(index), value(of: text))
        }
        return Row(id: "", columns: columns, json: "[" + outputs.joined(separator: ",") + "]")
    }

    /// One JSON text as a row value.
    static func value(of text: String) -> Row.Value {
        switch text.first {
        case "{", "[": return .json(text)
        case "\"":
            let decoded = (try? JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)) as? String
            return .string(decoded ?? text)
        case "t": return .bool(true)
        case "f": return .bool(false)
        case "n": return .null
        default: return .number(text)
        }
    }
}

/// A program's run on its own thread, its outcome handed back on the main queue (which
/// the terminal loop drains when woken): the UI thread never waits for jq.
enum PaneFilterRunner {
    static func start(_ program: String, on input: Data, then finish: @escaping @MainActor @Sendable (Outcome) -> Void) {
        Thread.detachNewThread {
            let outcome = PaneFilter.run(program, on: input)
            DispatchQueue.main.async { MainActor.assumeIsolated { finish(outcome) } }
        }
    }

    typealias Outcome = PaneFilter.Outcome
}
