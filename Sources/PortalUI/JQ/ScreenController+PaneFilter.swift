import Foundation
import PortalCore

/// The pane's jq prompt (`PaneFilter`) beside the controller: opening it on the pane's
/// item, editing its program, asking for runs and quiet-time wakes as effects, and taking
/// their answers back as messages.
extension ScreenController {
    /// Whether the `|` prompt is open on the pane on screen.
    public var paneFilterShown: Bool {
        paneFilter.isActive && pane != nil && pane?.address == paneFilter.pane
    }

    /// `|`: the prompt opens on the pane's item and runs `.` at once (the item whole).
    func beginPaneFilter() {
        guard let pane, let item = pane.item else { return say("nothing to filter yet") }
        var filter = PaneFilter(after: paneFilter)
        filter.isActive = true
        filter.pane = pane.address
        filter.input = Data(itemJSON(item).utf8)
        paneFilter = filter
        runPaneFilter()
    }

    /// A key in the prompt: typing waits for a quiet moment (a wake), Enter runs at once,
    /// Esc closes (a run still going is ignored when it ends: its ticket is no one's).
    func editPaneFilter(_ command: Command, key: KeyInput) {
        switch command {
        case .typeText:
            guard case .character(let c) = key else { return }
            paneFilter.text.append(c)
        case .deleteCharacter:
            guard !paneFilter.text.isEmpty else { return }
            paneFilter.text.removeLast()
        case .clearText:
            paneFilter.text = ""
        case .submit:
            paneFilter.wakeTicket = nil
            return runPaneFilter()
        case .cancel:
            paneFilter = PaneFilter(after: paneFilter)
            return
        default:
            return
        }
        paneFilter.error = nil  // a message is for the text that made it
        guard let pane = paneFilter.pane else { return }
        let ticket = paneFilter.newTicket()
        paneFilter.wakeTicket = ticket
        emit([.wakeAfter(PaneFilter.debounce, .paneFilter(pane, ticket: ticket))])
    }

    /// Runs the text as it is now, or once the run in flight ends.
    private func runPaneFilter() {
        guard paneFilter.isActive, let pane = paneFilter.pane else { return }
        guard paneFilter.running == nil else {
            paneFilter.owed = true
            return
        }
        let ticket = paneFilter.newTicket()
        paneFilter.running = (ticket, paneFilter.text)
        paneFilter.owed = false
        emit([.runJQ(JQRun(pane: pane, ticket: ticket, program: paneFilter.text, input: paneFilter.input))])
    }

    /// The prompt's answers: its quiet time is over (the text runs, if no key came since),
    /// or a run ended (a good result replaces the tree, a failure of the text as it is now
    /// shows jq's message and the tree stays; text due meanwhile runs next). Answers for
    /// another pane, an earlier prompt or a replaced run are dropped.
    func receivePaneFilter(_ message: AppMessage) {
        guard paneFilter.isActive else { return }
        switch message {
        case .woke(.paneFilter(let pane, let ticket)):
            guard pane == paneFilter.pane, ticket == paneFilter.wakeTicket else { return }
            paneFilter.wakeTicket = nil
            runPaneFilter()
        case .jq(let pane, let ticket, let outcome):
            guard pane == paneFilter.pane, let running = paneFilter.running, running.ticket == ticket else { return }
            paneFilter.running = nil
            switch outcome {
            case .outputs(let outputs, let cut):
                paneFilter.shown = (running.program, outputs, cut)
                if running.program == paneFilter.text { paneFilter.error = nil }
            case .failed(let message):
                if running.program == paneFilter.text { paneFilter.error = message }
            }
            if paneFilter.owed { runPaneFilter() }
        default:
            return
        }
    }
}
