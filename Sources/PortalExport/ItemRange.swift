import PortalCore

/// Which items of a list to print: positions `from` through `to`, 1-based and inclusive,
/// `to` nil for "to the end" (`portal list --from N --to M`).
public struct ItemRange: Sendable, Equatable {
    public let from: Int
    public let to: Int?

    /// Every item.
    public static let all = ItemRange(uncheckedFrom: 1, to: nil)

    /// Why a range cannot be printed, said as a usage error.
    public enum Problem: Error, Equatable, CustomStringConvertible {
        case fromBelowOne(Int)
        case toBelowOne(Int)
        case toBeforeFrom(from: Int, to: Int)

        public var description: String {
            switch self {
            case .fromBelowOne(let n): "--from must be at least 1 (items are numbered from 1), got \(n)"
            case .toBelowOne(let n): "--to must be at least 1 (items are numbered from 1), got \(n)"
            case .toBeforeFrom(let from, let to): "--to \(to) is before --from \(from)"
            }
        }
    }

    /// The range `from`…`to` (either may be absent: the start, the end).
    public init(from: Int?, to: Int?) throws(Problem) {
        let start = from ?? 1
        if start < 1 { throw .fromBelowOne(start) }
        if let to, to < 1 { throw .toBelowOne(to) }
        if let to, to < start { throw .toBeforeFrom(from: start, to: to) }
        self.init(uncheckedFrom: start, to: to)
    }

    private init(uncheckedFrom from: Int, to: Int?) {
        self.from = from
        self.to = to
    }

    /// How many items the range holds, when it ends.
    public var count: Int? { to.map { $0 - from + 1 } }

    /// Whether 1-based `position` is in the range.
    public func contains(_ position: Int) -> Bool {
        position >= from && to.map { position <= $0 } ?? true
    }
}
