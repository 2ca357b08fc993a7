/// The `/` search prompt on the bottom line: the text being typed and whether the prompt
/// is open. Keys reach it through `update` (`TextPrompt`) as commands from the command table (Enter,
/// Esc, Backspace, Ctrl-U, typed text); the root acts on the outcome it reports (a
/// submitted search starts the tab's list over; the planner asks for its first page).
public struct SearchPrompt: Sendable, Equatable {
    /// What a command did to the prompt.
    public enum Outcome: Sendable, Equatable {
        case editing
        case submitted(String)
        case cancelled
    }

    public private(set) var isActive = false
    public private(set) var text = ""

    public init() {}

    /// Opens the prompt, empty.
    public mutating func begin() {
        isActive = true
        text = ""
    }

    /// Types one character (controls are refused, and the text is bounded: `TypedText`).
    public mutating func type(_ c: Character) {
        TypedText.append(c, to: &text)
    }

    public mutating func perform(_ command: Command) -> Outcome {
        switch command {
        case .submit:
            isActive = false
            return .submitted(text.trimmingSpaces())
        case .cancel:
            isActive = false
            return .cancelled
        case .deleteCharacter:
            if !text.isEmpty { text.removeLast() }
        case .clearText:
            text = ""
        default:
            break
        }
        return .editing
    }
}

extension String {
    func trimmingSpaces() -> String {
        var s = Substring(self)
        while s.first?.isWhitespace == true { s.removeFirst() }
        while s.last?.isWhitespace == true { s.removeLast() }
        return String(s)
    }
}
