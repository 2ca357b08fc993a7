import Foundation
import PortalCore
import PortalPaging
import PortalTestSupport
import Testing
import PortalREST

/// A walked list (opaque cursors, no page numbers) bounded by bytes (issue 27, item 4):
/// End on an endless cursor list of 20 KB items held every item it passed (456 MB after
/// 471 pages). Pages far from the viewport drop their items; walking back asks for them
/// again by the very request that first led to them, once each. A real `SparseList` of
/// `portal --url` items, decoded by the real dialect, against `FatCursorList`.
@Suite("Walked lists bounded by bytes")
struct WalkedListBudgetTests {
    struct Walk {
        let list: SparseList<Item>
        let fetcher: PageFetcher<SourcePages>
        let network: CountingTransport

        /// Shows `visible` (with a screen of margin each side, as the grid prefetches)
        /// and answers every ticket until none is handed out.
        func show(_ visible: Range<Int>) async {
            while true {
                let tickets = list.ticketsForPages(near: visible, before: 20, after: 20)
                guard !tickets.isEmpty else { return }
                for ticket in tickets { list.apply(await fetcher.fetch(ticket), for: ticket) }
            }
        }

        /// End: the walk to the last page, the viewport following the end as the grid does.
        func walkToTheEnd() async {
            await show(0..<20)
            list.startWalk()
            while true {
                let tickets = list.ticketsForPages(near: max(0, list.count - 20)..<list.count, before: 20, after: 20)
                guard !tickets.isEmpty else { return }
                for ticket in tickets { list.apply(await fetcher.fetch(ticket), for: ticket) }
            }
        }
    }

    static func opened(pages: Int) async throws -> Walk {
        let server = FatCursorList(pages: pages)
        let url = FatCursorList.url()
        let reading = try DialectDetector.detect(try await server.send(HTTPRequest(url: url)), for: url)
        let source = AnyAPISource(pages: AnyAPIPages(url: url, reading: reading))
        let strategy = SourcePages(source: source, query: ListQuery(kind: source.tabs[0].kind))
        let network = CountingTransport(server)
        let list = SparseList<Item>(strategy: strategy)
        return Walk(list: list, fetcher: PageFetcher(transport: network, strategy: strategy, policy: .none), network: network)
    }

    @Test func twoHundredPagesOfFatItemsStayWithinTheBudget() async throws {
        let walk = try await Self.opened(pages: 200)
        await walk.walkToTheEnd()
        let list = walk.list
        #expect(!list.isAddressable && !list.hasMore && list.count == 4_000)
        #expect(walk.network.count == 200, "one request per page walked")
        #expect(list.heldBytes <= list.maxBytes, "\(list.heldBytes) bytes held")
        #expect(list.heldBytes > list.maxBytes / 2, "the budget is used, not emptied: \(list.heldBytes)")
        #expect(list.item(at: 3_999)?.rawID == 4_000 && list.item(at: 0) == nil)
        #expect(list.slot(at: 0) == .placeholder(loading: false))
    }

    @Test func home_asksForTheFirstPagesAgainByTheirRememberedCursors() async throws {
        let walk = try await Self.opened(pages: 200)
        await walk.walkToTheEnd()
        let walked = walk.network.urls
        #expect(walked.count == 200)
        await walk.show(0..<20)
        let again = Array(walk.network.urls.dropFirst(200))
        // The screen and its margin (items 0..<40): pages 1 and 2, once each, by the same URLs.
        #expect(again == Array(walked.prefix(2)), "\(again)")
        #expect((0..<40).allSatisfy { walk.list.item(at: $0)?.rawID == $0 + 1 })
        #expect(walk.list.heldBytes <= walk.list.maxBytes)
        // Nothing more is asked while the viewport stays.
        await walk.show(0..<20)
        #expect(walk.network.count == 202)
    }

    /// `R` after a long walk: what stands in place until the new pages come is only what
    /// is held from the top, never the held tail shown at the top's indices.
    @Test func refreshAfterALongWalkShowsNoItemAtAnothersIndex() async throws {
        let walk = try await Self.opened(pages: 200)
        await walk.walkToTheEnd()
        walk.list.refresh()
        #expect((0..<walk.list.count).allSatisfy { index in walk.list.item(at: index).map { $0.rawID == index + 1 } ?? true })
        await walk.show(0..<20)
        #expect(walk.list.item(at: 0)?.rawID == 1)
    }

    @Test func walkingBackToPageOneAsksEachDroppedPageOnce() async throws {
        let walk = try await Self.opened(pages: 200)
        await walk.walkToTheEnd()
        let walked = walk.network.urls
        var top = walk.list.count - 20
        var mostHeld = 0
        var shownEveryStep = true
        while top > 0 {
            top = max(0, top - 20)
            await walk.show(top..<top + 20)
            shownEveryStep = shownEveryStep && walk.list.item(at: top)?.rawID == top + 1
            mostHeld = max(mostHeld, walk.list.heldBytes)
        }
        #expect(shownEveryStep, "every screen filled on the way back")
        #expect(mostHeld <= walk.list.maxBytes, "\(mostHeld) bytes held at most")
        let again = Array(walk.network.urls.dropFirst(200))
        #expect(Set(again).count == again.count, "each dropped page asked once")
        #expect(Set(again).isSubset(of: Set(walked)), "by the requests that first led to them")
        #expect(again.last == walked.first, "page 1 asked last, by its own URL")
        #expect(again.count >= 150, "\(again.count) pages asked again")
        #expect(walk.list.count == 4_000)
    }
}
