import Foundation

/// Which part of a list a Relay connection answers, worked out as graphql-relay's
/// `connectionFromArraySlice` does it (the JavaScript reference, which graphene and
/// strawberry follow): cursors are base64 of `arrayconnection:N` (N the 0-based offset),
/// `after`/`before` narrow the range, `first` keeps its head and `last` its tail.
///
/// Only arithmetic on offsets and the list's count: a page anywhere in a list of a
/// million costs the same as the first. Unlike graphql-relay, which answers the whole list
/// when neither `first` nor `last` is given, the mirror answers `defaultSize` items, and
/// refuses more than `maxSize` as GitHub does.
struct RelaySlice: Equatable, Sendable {
    static let prefix = "arrayconnection:"
    static let defaultSize = 20
    static let maxSize = 100

    /// The offsets answered (start inclusive, end exclusive).
    let range: Range<Int>
    let hasPreviousPage: Bool
    let hasNextPage: Bool

    /// Why the arguments are refused, in graphql-relay's words where it has them.
    struct Refusal: Error, Equatable {
        let message: String
    }

    init(count: Int, first: Int?, after: String?, last: Int?, before: String?) throws(Refusal) {
        for (name, value) in [("first", first), ("last", last)] {
            guard let value else { continue }
            if value < 0 { throw Refusal(message: "Argument \"\(name)\" must be a non-negative integer") }
            if value > Self.maxSize { throw Refusal(message: "Argument \"\(name)\" must be at most \(Self.maxSize)") }
        }
        let first = first ?? (last == nil ? Self.defaultSize : nil)
        // Offsets from cursors are clamped to the list, so an absurd cursor cannot overflow.
        let beforeOffset = Self.offset(before).map { min(max($0, 0), count) } ?? count
        let afterOffset = Self.offset(after).map { min(max($0, -1), count) } ?? -1
        var start = afterOffset + 1
        var end = min(beforeOffset, count)
        if let first { end = min(end, start + first) }
        if let last { start = max(start, end - last) }
        end = max(end, start)
        range = start..<end
        let lowerBound = after != nil ? afterOffset + 1 : 0
        let upperBound = before != nil ? beforeOffset : count
        hasPreviousPage = last != nil ? start > lowerBound : false
        hasNextPage = first != nil ? end < upperBound : false
    }

    /// The cursor of the item at `offset`: base64 of `arrayconnection:offset`.
    static func cursor(_ offset: Int) -> String {
        Data((prefix + String(offset)).utf8).base64EncodedString()
    }

    /// The offset a cursor names; nil for a cursor that is not one of these (graphql-relay
    /// then ignores it).
    static func offset(_ cursor: String?) -> Int? {
        guard let cursor, let data = Data(base64Encoded: cursor),
              let text = String(data: data, encoding: .utf8), text.hasPrefix(prefix) else { return nil }
        return Int(text.dropFirst(prefix.count))
    }
}
