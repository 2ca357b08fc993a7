/// A count typed before a command, as in vim and less: `500000G` goes to item 500,000.
///
/// Keys pass through it before the command table. It is a small value with no I/O so the
/// grid can hold one and tests can feed it keys. Only `G` takes a count; any other key
/// drops a pending count and then acts as it always does, so a stray digit never swallows
/// a key.
public struct CountPrefix: Sendable, Equatable {
    /// What a key did to the count.
    public enum Outcome: Sendable, Equatable {
        /// A digit was taken; the count so far (for the status line).
        case pending(Int)
        /// `G` after a count: go to item `toItem`, counted from 1 as vim counts lines.
        case jump(toItem: Int)
        /// A count was pending and this key is not part of it: the count is dropped and
        /// the key acts as usual.
        case cancel
        /// No count was pending and the key does not start one: it acts as usual.
        case notACount
    }

    /// The largest count kept: more items than any list holds, far from overflowing.
    /// Further digits leave it there.
    public static let maximum = 999_999_999_999

    /// The count typed so far, nil when none is pending.
    public private(set) var pending: Int?

    public init() {}

    /// Takes one key. A count starts with 1–9 (a lone 0 is not a count, as in vim),
    /// continues with any digit, and ends with `G` or any other key.
    public mutating func feed(_ key: KeyInput) -> Outcome {
        if case .character(let character) = key, let digit = Self.digit(character), pending != nil || digit != 0 {
            let (times, overflow) = (pending ?? 0).multipliedReportingOverflow(by: 10)
            let count = overflow ? Self.maximum : min(Self.maximum, times + digit)
            pending = count
            return .pending(count)
        }
        guard let count = pending else { return .notACount }
        pending = nil
        return key == .character("G") ? .jump(toItem: count) : .cancel
    }

    /// Drops a pending count (the screen changed under it).
    public mutating func clear() { pending = nil }

    /// An ASCII digit's value; other scripts' digits are not counts.
    private static func digit(_ character: Character) -> Int? {
        guard character.isASCII, let value = character.wholeNumberValue else { return nil }
        return value
    }
}
