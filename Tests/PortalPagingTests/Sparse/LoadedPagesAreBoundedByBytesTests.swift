import Foundation
import PortalTestSupport
import Testing
@testable import PortalCore
import PortalDemoModels
@testable import PortalPaging

/// A tab's loaded pages are bounded by bytes, not only by count (issue 27, item 4):
/// `--max-pages 5` with pages of one 7 MiB item grew to 1.6 GB. Real `SparseList`s of
/// real items, pages given by hand.
@Suite("Loaded pages bounded by bytes")
struct PageByteBudgetTests {
    static let big = String(repeating: "x", count: 7 * 1_048_576)
    static let card = JSONCardChoice(fields: nil)

    /// An item of any API whose JSON is 7 MiB (one string shared by all, so the test
    /// itself holds 7 MiB; the list counts each as its own).
    static func bigItem(_ id: Int) -> Item {
        Item(Record(row: Row(id: "\(id)", columns: [("id", .number("\(id)")), ("blob", .string(big))], json: big), card: card),
              kind: ItemKind(rawValue: "blob"))
    }

    static let addressing = PageAddressing(pageSize: 1) { index in
        PageRequest(url: URL(string: "http://blobs.test/items?page=\(index + 1)")!, index: index)
    }

    /// Asks for what `visible` needs and answers every ticket with one big item each.
    static func show(_ list: SparseList<Item>, _ visible: Range<Int>, total: Int) {
        for ticket in list.ticketsForPages(near: visible, before: 0, after: 0) {
            let id = ticket.request.index + 1
            list.apply(.success(PageContent(items: [bigItem(id)], next: nil, totalCount: total)), for: ticket)
        }
    }

    @Test func pagesOfHugeItemsAreBoundedByBytesNotCount() throws {
        let list = SparseList<Item>(firstPage: try #require(Self.addressing.request(forPage: 0)), addressing: Self.addressing, maxPages: 5)
        for page in 0..<40 { Self.show(list, page..<page + 1, total: 1_000) }
        #expect(list.isAddressable && list.count == 1_000)
        let onePage = PageByteBudget.bytes(ofSlots: [Self.bigItem(1)])
        #expect(onePage > 14 * 1_048_576, "a page's estimate counts the JSON and the string column: \(onePage)")
        // The page on screen is kept whatever the bound; nothing else fits in 16 MiB.
        #expect(list.loadedPageCount == 1, "\(list.loadedPageCount) pages held")
        #expect(list.heldBytes == onePage)
        #expect(list.item(at: 39)?.rawID == 40)
        #expect(list.item(at: 38) == nil && list.state(ofPage: 38) == .idle)
        // Going back asks for the page again, and it fills.
        Self.show(list, 10..<11, total: 1_000)
        #expect(list.item(at: 10)?.rawID == 11)
        #expect(list.loadedPageCount == 1 && list.heldBytes == onePage)
    }

    /// Past the byte budget nothing is prefetched: the pages on screen are always asked
    /// for (and kept), the margins only while they fit — else a grid of 7 MiB items held
    /// its screen and every margin page (727 MB by hand), and dropping margins would ask
    /// for them again at once.
    @Test func pastTheBudgetOnlyThePagesOnScreenAreAskedFor() throws {
        let list = SparseList<Item>(firstPage: try #require(Self.addressing.request(forPage: 0)), addressing: Self.addressing)
        Self.show(list, 0..<1, total: 1_000)
        let tickets = list.ticketsForPages(near: 10..<13, before: 5, after: 20)
        #expect(tickets.map(\.request.index) == [10, 11, 12])
        // Small items: the margins are asked for as before.
        let small = SparseList<Item>(firstPage: try #require(Self.addressing.request(forPage: 0)), addressing: Self.addressing)
        let episode = Episode(id: 1, name: "Pilot", airDate: "x", code: "S01E01", characterIDs: [], created: Date())
        for ticket in small.ticketsForPages(near: 0..<1, before: 0, after: 0) {
            small.apply(.success(PageContent(items: [TestData.record(episode, .episode)], next: nil, totalCount: 1_000)), for: ticket)
        }
        // (The three on screen, then margins up to `maxInFlight` in flight.)
        #expect(small.ticketsForPages(near: 10..<13, before: 5, after: 20).map(\.request.index) == [10, 11, 12, 13])
    }

    @Test func theCountBoundStillHoldsForSmallItems() throws {
        let list = SparseList<Item>(firstPage: try #require(Self.addressing.request(forPage: 0)), addressing: Self.addressing, maxPages: 5)
        let small = Episode(id: 10, name: "Pilot", airDate: "December 2, 2013", code: "S01E01", characterIDs: [1, 2], created: Date())
        for page in 0..<40 {
            for ticket in list.ticketsForPages(near: page..<page + 1, before: 0, after: 0) {
                var episode = small
                episode.id = ticket.request.index + 10  // two digits each: records of one size
                list.apply(.success(PageContent(items: [TestData.record(episode, .episode)], next: nil, totalCount: 1_000)), for: ticket)
            }
        }
        #expect(list.loadedPageCount == 5)
        #expect(list.heldBytes == 5 * PageByteBudget.bytes(ofSlots: [TestData.record(small, .episode)]))
    }

    /// The byte count follows every way a page leaves: eviction, a shrinking total, reset.
    @Test func theByteCountFollowsPagesInAndOut() throws {
        let list = SparseList<Item>(firstPage: try #require(Self.addressing.request(forPage: 0)), addressing: Self.addressing)
        list.maxBytes = 100 * 1_048_576
        for page in 0..<5 { Self.show(list, page..<page + 1, total: 1_000) }
        let onePage = PageByteBudget.bytes(ofSlots: [Self.bigItem(1)])
        #expect(list.loadedPageCount == 5 && list.heldBytes == 5 * onePage)
        // A total that now ends after page 3 drops pages 3 and 4.
        for ticket in list.ticketsForPages(near: 2..<3, before: 0, after: 0) {
            list.apply(.success(PageContent(items: [Self.bigItem(3)], next: nil, totalCount: 3)), for: ticket)
        }
        list.refresh()
        #expect(list.heldBytes == list.loadedPageCount * onePage)
        list.reset(firstPage: try #require(Self.addressing.request(forPage: 0)), addressing: Self.addressing)
        #expect(list.heldBytes == 0 && list.loadedPageCount == 0)
    }

    @Test func itemsEstimateTheirStringsAndArrays() {
        // A record holds its fields and its JSON as served: a long name counts twice, an
        // array of 100 URLs in its column's text and in the JSON.
        let created = Date(timeIntervalSince1970: 0)
        let short = TestData.record(Episode(id: 1, name: "Pilot", airDate: "x", code: "S01E01", characterIDs: [], created: created), .episode)
        let long = TestData.record(Episode(id: 1, name: String(repeating: "n", count: 1_000), airDate: "x", code: "S01E01",
                                           characterIDs: Array(1...100), created: created), .episode)
        let urls = (1...100).map { "\"\(TestData.base.text)/character/\($0)\"" }.joined(separator: ",").utf8.count
        #expect(long.estimatedBytes - short.estimatedBytes >= 2 * (1_000 - 5) + 2 * urls)
        #expect(Self.bigItem(1).estimatedBytes > 2 * Self.big.utf8.count)
    }
}
