import Foundation
import PortalCore

/// The jq prompt's own update: opening on a pane's item, a key of its context, and the
/// answers to what it asked (a quiet-time wake, a jq run). Each returns the effects it
/// asks for — a `wakeAfter` timer or a `runJQ` run, never a fetch — and the root only
/// routes to it and hands them on.
extension PaneFilter {
    /// `|`: the prompt opens on `pane`'s item (`input`, the item as the API serves it) and
    /// runs `.` at once (the item whole); the tickets carry on from `earlier`'s.
    static func opened(on pane: PaneAddress, input: Data, after earlier: PaneFilter) -> (PaneFilter, [Effect]) {
        var filter = PaneFilter(after: earlier)
        filter.isActive = true
        filter.pane = pane
        filter.input = input
        let effects = filter.run()
        return (filter, effects)
    }

    /// A key in the prompt: typing waits for a quiet moment (a wake), Enter runs at once,
    /// Esc closes (a run still going is ignored when it ends: its ticket is no one's).
    mutating func update(_ command: Command, key: KeyInput) -> [Effect] {
        switch command {
        case .typeText:
            guard case .character(let c) = key else { return [] }
            text.append(c)
        case .deleteCharacter:
            guard !text.isEmpty else { return [] }
            text.removeLast()
        case .clearText:
            text = ""
        case .submit:
            wakeTicket = nil
            return run()
        case .cancel:
            self = PaneFilter(after: self)
            return []
        default:
            return []
        }
        error = nil  // a message is for the text that made it
        guard let pane else { return [] }
        let ticket = newTicket()
        wakeTicket = ticket
        return [.wakeAfter(Self.debounce, .paneFilter(pane, ticket: ticket))]
    }

    /// The prompt's answers: its quiet time is over (the text runs, if no key came since),
    /// or a run ended (a good result replaces the tree, a failure of the text as it is now
    /// shows jq's message and the tree stays; text due meanwhile runs next). Answers for
    /// another pane, an earlier prompt or a replaced run are dropped.
    mutating func receive(_ message: AppMessage) -> [Effect] {
        guard isActive else { return [] }
        switch message {
        case .woke(.paneFilter(let pane, let ticket)):
            guard pane == self.pane, ticket == wakeTicket else { return [] }
            wakeTicket = nil
            return run()
        case .jq(let pane, let ticket, let outcome):
            guard pane == self.pane, let running, running.ticket == ticket else { return [] }
            self.running = nil
            switch outcome {
            case .outputs(let outputs, let cut):
                shown = (running.program, outputs, cut)
                if running.program == text { error = nil }
            case .failed(let message):
                if running.program == text { error = message }
            }
            return owed ? run() : []
        default:
            return []
        }
    }

    /// Runs the text as it is now, or once the run in flight ends.
    private mutating func run() -> [Effect] {
        guard isActive, let pane else { return [] }
        guard running == nil else {
            owed = true
            return []
        }
        let ticket = newTicket()
        running = (ticket, text)
        owed = false
        return [.runJQ(JQRun(pane: pane, ticket: ticket, program: text, input: input))]
    }
}
