import Foundation
@testable import PortalMirror
import Testing

/// The mirror's Relay slicing against graphql-relay-js's own cases (`connectionFromArray`
/// on the letters A–E): the same edges and page info for the same arguments.
@Suite struct RelaySlicesMatchGraphQLRelayJSTests {
    private func slice(first: Int? = nil, after: Int? = nil, last: Int? = nil, before: Int? = nil, count: Int = 5) throws -> RelaySlice {
        try RelaySlice(count: count, first: first, after: after.map(RelaySlice.cursor), last: last, before: before.map(RelaySlice.cursor))
    }

    @Test func cursorsAreGraphQLRelays() {
        // graphql-relay: offsetToCursor(0) === 'YXJyYXljb25uZWN0aW9uOjA='
        #expect(RelaySlice.cursor(0) == "YXJyYXljb25uZWN0aW9uOjA=")
        #expect(RelaySlice.offset("YXJyYXljb25uZWN0aW9uOjA=") == 0)
        #expect(RelaySlice.offset(RelaySlice.cursor(999_999)) == 999_999)
        #expect(RelaySlice.offset("bm90IGEgY3Vyc29y") == nil)   // "not a cursor"
        #expect(RelaySlice.offset("%%%") == nil)
    }

    @Test func forwardPages() throws {
        let head = try slice(first: 2)
        #expect(head.range == 0..<2 && head.hasNextPage && !head.hasPreviousPage)
        let next = try slice(first: 2, after: 1)
        #expect(next.range == 2..<4 && next.hasNextPage && !next.hasPreviousPage)
        let tail = try slice(first: 2, after: 3)
        #expect(tail.range == 4..<5 && !tail.hasNextPage)
        let all = try slice(first: 10)
        #expect(all.range == 0..<5 && !all.hasNextPage)
        let past = try slice(first: 2, after: 4)
        #expect(past.range.isEmpty && !past.hasNextPage)
    }

    @Test func backwardPages() throws {
        let last = try slice(last: 2)
        #expect(last.range == 3..<5 && last.hasPreviousPage && !last.hasNextPage)
        let before = try slice(last: 2, before: 3)
        #expect(before.range == 1..<3 && before.hasPreviousPage && !before.hasNextPage)
        let between = try slice(first: 10, after: 0, before: 4)
        #expect(between.range == 1..<4 && !between.hasNextPage)
    }

    @Test func noSizeAnswersTwentyAndTooLargeIsRefused() throws {
        #expect(try slice(count: 1000).range == 0..<20)
        #expect(throws: RelaySlice.Refusal(message: "Argument \"first\" must be a non-negative integer")) { try slice(first: -1) }
        #expect(throws: RelaySlice.Refusal(message: "Argument \"last\" must be at most 100")) { try slice(last: 101) }
    }

    @Test func aCursorOutsideTheListNarrowsNothing() throws {
        // As graphql-relay 3.2's connection_from_array_slice: out of range is ignored.
        let huge = try RelaySlice(count: 5, first: 2, after: RelaySlice.cursor(Int.max), last: nil, before: nil)
        #expect(huge.range == 0..<2 && huge.hasNextPage)
        let past = try RelaySlice(count: 5, first: nil, after: RelaySlice.cursor(900), last: 2, before: nil)
        #expect(past.range == 3..<5 && !past.hasPreviousPage)
        let negative = try RelaySlice(count: 5, first: nil, after: nil, last: 1, before: RelaySlice.cursor(-3))
        #expect(negative.range == 4..<5 && negative.hasPreviousPage)
        // graphql-relay ignores a cursor it cannot read.
        let unreadable = try RelaySlice(count: 5, first: 2, after: "garbage", last: nil, before: nil)
        #expect(unreadable.range == 0..<2)
    }

    @Test func keysetPageInfoTellsBothWays() throws {
        let middle = try RelaySlice(count: 5, first: 2, afterPosition: 0, last: nil, beforePosition: nil)
        #expect(middle.range == 1..<3 && middle.hasPreviousPage && middle.hasNextPage)
        let tail = try RelaySlice(count: 5, first: 2, afterPosition: 2, last: nil, beforePosition: nil)
        #expect(tail.range == 3..<5 && tail.hasPreviousPage && !tail.hasNextPage)
        let head = try RelaySlice(count: 5, first: nil, afterPosition: nil, last: 2, beforePosition: 2)
        #expect(head.range == 0..<2 && !head.hasPreviousPage && head.hasNextPage)
    }

    @Test func aPageDeepInAMillionIsArithmetic() throws {
        let deep = try slice(first: 20, after: 999_979, count: 1_000_000)
        #expect(deep.range == 999_980..<1_000_000 && !deep.hasNextPage)
    }
}
