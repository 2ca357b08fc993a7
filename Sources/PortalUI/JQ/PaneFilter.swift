import Foundation
import PortalCore

/// `|` in a detail pane: a jq program that filters the pane's JSON (the item as the API
/// serves it) live, as it is typed. The pane shows the program's outputs as a tree;
/// while the program does not compile or fails, the prompt line says jq's message and
/// the tree keeps the last good result; Esc closes it and the pane is as it was.
///
/// A run is an effect (`Effect.runJQ`) whose answer is a message (`AppMessage.jq`), and
/// the quiet time after a key is a timer that answers the same way (`Effect.wakeAfter`):
/// the UI thread never runs jq and never waits for it. One run at a time: text that is
/// due while one runs runs when it ends. Outputs are cut at `JQRun.maxOutputs` and
/// `JQRun.maxOutputBytes`. libjq cannot be interrupted: a program that never ends runs
/// until portal quits; the prompt says `jq (running)` meanwhile, Esc still closes it, and
/// its answer, should it come, matches no ticket of a later prompt.
struct PaneFilter {
    /// Quiet time after a key before the program runs.
    static let debounce: Duration = .milliseconds(150)

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
    /// The last ticket handed out to a run or a wake, carried from prompt to prompt so an
    /// answer meant for an earlier prompt never matches one of a later prompt.
    private(set) var lastTicket = 0
    /// The wake that runs the text as typed once no key comes; nil when none waits.
    var wakeTicket: Int?
    /// The run in flight: its ticket and its text.
    var running: (ticket: Int, program: String)?
    /// The text is due to run when the run in flight ends.
    var owed = false

    /// A closed prompt that keeps handing out new tickets after `earlier`'s.
    init(after earlier: PaneFilter? = nil) {
        lastTicket = earlier?.lastTicket ?? 0
    }

    /// A ticket never handed out before.
    mutating func newTicket() -> Int {
        lastTicket += 1
        return lastTicket
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
