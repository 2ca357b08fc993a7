import Foundation
import PortalCore
import PortalDemoModels
import PortalTestSupport
@testable import PortalRuntime
import Testing

/// The interpreter's item cache is bounded by bytes as well as by count (issue 27, item
/// 4): pages of one 7 MiB item kept 20,000 of them, 1.6 GB after 106 pages.
@Suite("The item cache is bounded by bytes")
struct TheItemCacheIsBoundedByBytesTests {
    static let big = String(repeating: "x", count: 7 * 1_048_576)
    static let kind = ItemKind(rawValue: "blob")

    static func bigItem(_ id: Int) -> Item {
        Item(Record(row: Row(id: "\(id)", columns: [("id", .number("\(id)")), ("blob", .string(big))], json: big),
                      card: JSONCardChoice(fields: nil)), kind: kind)
    }

    @Test func hugeItemsAreBoundedByBytesOldestFirst() {
        let cache = ItemCache(limit: 20_000)
        for id in 1...10 { cache.remember([Self.bigItem(id)]) }
        // Each item is about 14 MiB by the estimate: the default 8 MiB holds none of the
        // old ones.
        #expect(cache.lookup([ItemKey(Self.kind, 1)]).isEmpty)
        #expect(cache.lookup([ItemKey(Self.kind, 9)]).isEmpty)
        #expect(cache.heldBytes <= PageByteBudget.defaultItemCacheBytes)

        let roomy = ItemCache(limit: 20_000, maxBytes: 50 * 1_048_576)
        for id in 1...10 { roomy.remember([Self.bigItem(id)]) }
        #expect(roomy.count == 3 && roomy.heldBytes == 3 * Self.bigItem(1).estimatedBytes)
        #expect(roomy.lookup([ItemKey(Self.kind, 7)]).isEmpty)
        #expect(roomy.lookup((8...10).map { ItemKey(Self.kind, $0) }).count == 3)
    }

    @Test func smallItemsStillCountByNumberAndBytesStayExact() {
        let cache = ItemCache(limit: 100)
        let episodes = (1...250).map { TestData.record(Episode(id: $0, name: "Episode \($0) with a long name", airDate: "x", code: "S01E01", characterIDs: [1, 2, 3], created: Date()), .episode) }
        cache.remember(episodes)
        #expect(cache.count == 100)
        #expect(cache.lookup([ItemKey(.episode, 150)]).isEmpty && cache.lookup([ItemKey(.episode, 151)]).count == 1)
        #expect(cache.heldBytes == episodes.suffix(100).reduce(0) { $0 + $1.estimatedBytes })
        // Remembering an item again replaces it and counts it once.
        cache.remember(Array(episodes.suffix(10)))
        #expect(cache.count == 100 && cache.heldBytes == episodes.suffix(100).reduce(0) { $0 + $1.estimatedBytes })
    }
}
