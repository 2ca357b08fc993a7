/// The `:` prompt on the bottom line: the number of the card to go to, as typed.
///
/// A key means one thing: digits switch tabs, so going to card N has a prompt of its own
/// (vim's and less's `:`), with the search prompt's editing keys. Only digits and the
/// separators people type in long numbers (`,` `_` space) get in; Enter with nothing
/// typed closes it and goes nowhere.
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
    public static let maximum = 999_999_999_999
    /// Digits and separators, at most: `maximum` and some commas.
    static let maxLength = 24

    public private(set) var isActive = false
    public private(set) var text = ""

    public init() {}

    public mutating func begin() {
        isActive = true
        text = ""
    }

    /// Types one character; anything but an ASCII digit or a separator is refused.
    public mutating func type(_ c: Character) {
        guard c.isASCII, c.isWholeNumber || c == "," || c == "_" || c == " ", text.count < Self.maxLength else { return }
        text.append(c)
    }

    /// The number typed, separators ignored, capped at `maximum`; nil when there is none.
    public var number: Int? {
        let digits = text.filter(\.isWholeNumber)
        guard !digits.isEmpty else { return nil }
        var value = 0
        for digit in digits {
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            value = overflow ? Self.maximum : min(Self.maximum, times + (digit.wholeNumberValue ?? 0))
        }
        return value
    }

    public mutating func perform(_ command: Command) -> Outcome {
        switch command {
        case .submit:
            isActive = false
            return number.map { .go($0) } ?? .cancelled
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
