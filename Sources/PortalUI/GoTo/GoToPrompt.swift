import PortalCore

/// The `:` prompt on the bottom line: the number of the card to go to, as typed.
///
/// A key means one thing: digits switch tabs, so going to card N has a prompt of its own
/// (vim's and less's `:`), with the search prompt's editing keys. Only digits and the
/// separators people type in long numbers (`,` `_` space) get in; Enter with nothing
/// typed closes it and goes nowhere. Keys reach it through `update` (`TextPrompt`); the
/// root selects card N on `.go(N)`, and the planner asks for its page.
public struct GoToPrompt: Sendable, Equatable {
    /// What a command did to the prompt.
    public enum Outcome: Sendable, Equatable {
        case editing
        /// Go to card `number` (counted from 1).
        case go(Int)
        /// Closed without going anywhere (Esc, or Enter on an empty prompt).
        case cancelled
    }

    /// The largest number kept: more cards than any list holds, far from overflowing.
    public static let maximum = ReportedCount.maximum
    /// Digits and separators, at most: `maximum` and some commas.
    static let maxLength = 24

    /// The editing itself (Enter, Esc, Backspace, Ctrl-U) is the search prompt's.
    private var editor = SearchPrompt()

    public init() {}

    public var isActive: Bool { editor.isActive }
    public var text: String { editor.text }

    public mutating func begin() { editor.begin() }

    /// Types one character; anything but an ASCII digit or a separator is refused.
    public mutating func type(_ c: Swift.Character) {
        guard c.isASCII, c.isWholeNumber || c == "," || c == "_" || c == " ", text.count < Self.maxLength else { return }
        editor.type(c)
    }

    /// The number typed, separators ignored, capped at `maximum`; nil when there is none.
    public var number: Int? { Self.number(in: text) }

    public mutating func perform(_ command: Command) -> Outcome {
        switch editor.perform(command) {
        case .editing: .editing
        case .cancelled: .cancelled
        case .submitted(let typed): Self.number(in: typed).map { .go($0) } ?? .cancelled
        }
    }

    static func number(in text: String) -> Int? {
        let digits = text.filter(\.isWholeNumber)
        guard !digits.isEmpty else { return nil }
        var value = 0
        for digit in digits {
            value = min(Self.maximum, Saturating.add(Saturating.multiply(value, 10), digit.wholeNumberValue ?? 0))
        }
        return value
    }
}
