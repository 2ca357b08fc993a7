import Foundation
import PortalCore

/// The pane's jq prompt (`PaneFilter`) beside the controller: opening it on the pane's
/// item, editing its program, running it when due (through the watch's timer, so the
/// terminal loop wakes for it) and taking its outcome back.
extension ScreenController {
    /// Whether the `|` prompt is open on the pane on screen.
    public var paneFilterShown: Bool {
        paneFilter.isActive && pane != nil && pane?.address == paneFilter.pane
    }

    /// `|`: the prompt opens on the pane's item, showing it whole (`.`) until a program is typed.
    func beginPaneFilter() {
        guard let pane, let item = pane.item else { return say("nothing to filter yet") }
        var filter = PaneFilter()
        filter.isActive = true
        filter.pane = pane.address
        filter.input = Data(itemJSON(item).utf8)
        filter.due = now()
        paneFilter = filter
    }

    /// A key in the prompt: typing waits for a quiet moment, Enter runs at once, Esc closes.
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
            paneFilter.due = now()
            return
        case .cancel:
            paneFilter = PaneFilter()  // a run still going is dropped when it ends
            return
        default:
            return
        }
        paneFilter.error = nil  // a message is for the text that made it
        paneFilter.due = now() + PaneFilter.debounce
    }

    /// Time until the program is due to run; nil when nothing waits (or one is running).
    var paneFilterDue: Duration? {
        guard paneFilter.isActive, paneFilter.running == nil, let due = paneFilter.due else { return nil }
        return due - now()
    }

    /// Starts the program when it is due and none is running.
    func runPaneFilterIfDue() {
        guard let left = paneFilterDue, left <= .zero else { return }
        let program = paneFilter.text
        paneFilter.due = nil
        paneFilter.running = program
        PaneFilterRunner.start(program, on: paneFilter.input) { [weak self] outcome in
            self?.paneFilterFinished(program, outcome)
        }
    }

    /// A run ended: a good result replaces the tree, a failure of the text as it is now
    /// shows jq's message (the tree stays); text typed meanwhile runs next.
    func paneFilterFinished(_ program: String, _ outcome: PaneFilter.Outcome) {
        guard paneFilter.isActive, paneFilter.running == program else { return }
        paneFilter.running = nil
        switch outcome {
        case .outputs(let outputs, let cut):
            paneFilter.shown = (program, outputs, cut)
            if program == paneFilter.text { paneFilter.error = nil }
        case .failed(let message):
            if program == paneFilter.text { paneFilter.error = message }
        }
        if program != paneFilter.text, paneFilter.due == nil { paneFilter.due = now() }
    }
}
