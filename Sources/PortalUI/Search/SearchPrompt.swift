/// The `/` search prompt on the bottom line: the text being typed and whether the prompt
/// is open. It edits itself; the controller acts on what it reports.
public struct SearchPrompt: Sendable, Equatable {
    /// What a key did to the prompt.
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

    /// Typing, Backspace, Enter submits, Esc cancels; other keys are ignored.
    public mutating func handle(_ key: KeyInput) -> Outcome {
        switch key {
        case .character(let c):
            if !c.unicodeScalars.contains(where: Sanitizer.isControl) { text.append(c) }
        case .backspace, .delete:
            if !text.isEmpty { text.removeLast() }
        case .enter:
            isActive = false
            return .submitted(text.trimmingSpaces())
        case .escape:
            isActive = false
            return .cancelled
        case .control("u"):
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
