import Foundation

/// `|` in a detail pane: one run of a jq program on the pane's item, asked of the
/// interpreter as `Effect.runJQ` and answered as `AppMessage.jq`. jq runs off the UI
/// thread like every other piece of work, and its answer comes through the mailbox like
/// every other answer, so the terminal loop (asleep in `poll()`) wakes for it.
///
/// libjq cannot be interrupted: a program that never ends keeps running until portal
/// quits. The ticket (new for every run the prompt asks, never reused while portal runs)
/// lets the prompt ignore the answer of a run that a newer one has replaced.
public struct JQRun: Sendable, Equatable, CustomStringConvertible {
    /// The pane whose item the program filters (a pane replaced or closed drops the answer).
    public var pane: PaneAddress
    /// This run among the prompt's runs.
    public var ticket: Int
    /// The program as typed (empty runs as `.`).
    public var program: String
    /// The item's JSON, as the API serves it.
    public var input: Data

    public init(pane: PaneAddress, ticket: Int, program: String, input: Data) {
        self.pane = pane
        self.ticket = ticket
        self.program = program
        self.input = input
    }

    /// Outputs a run keeps at most (a program may have endless ones: `repeat(1)`).
    public static let maxOutputs = 1_000
    /// Bytes of output a run keeps at most (one output may be as large as memory).
    public static let maxOutputBytes = 1 << 20

    public var description: String { "jq run \(ticket) for \(pane) (\(program.utf8.count) bytes of program)" }
}

/// What a jq run ended with: its outputs as JSON texts (`jq -c`'s lines, cut at the
/// prompt's caps), or jq's message (one line, sanitised: it may quote the input).
public enum JQOutcome: Sendable, Equatable {
    case outputs([String], cut: Bool)
    case failed(String)
}
