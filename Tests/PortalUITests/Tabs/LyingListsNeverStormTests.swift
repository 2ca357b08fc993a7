import Foundation
import PortalCore
import PortalTestSupport
import PortalUI
import Testing
import PortalPaging
import PortalREST

/// `portal --url` lists from servers that lie about their pages (`HostileLists`), through
/// the controller and the real interpreter: End on a total far past the items finds the
/// real end in a few requests and then asks for nothing, pages that shrink end honestly,
/// and the status line says where the selection is.
@MainActor
@Suite("Lying lists never storm")
struct LyingListsNeverStormTests {
    static func opened(_ list: HostileLists, path: String = "/items", paging: String? = nil, size: Size = Size(columns: 120, rows: 40)) async throws -> Harness {
        let url = try #require(URL(string: HostileListTransport.origin + path))
        let server = HostileListTransport(list)
        let first = try await server.send(HTTPRequest(url: url))
        let reading = try DialectDetector.detect(first, for: url, overrides: DialectDetector.Overrides(paging: paging))
        let source = AnyAPISource(pages: AnyAPIPages(url: url, reading: reading))
        let h = Harness(size: size, inner: server, source: source)
        await h.runner.drain(into: h.controller)
        return h
    }

    func statusLine(_ h: Harness) -> String {
        h.screen().lines.dropLast().last { $0.contains(" / ") } ?? ""
    }

    @Test(arguments: [
        HostileLists.lyingCount(claimed: 1_000_000, fullPages: 3, pageSize: 20),
        HostileLists.lyingLastLink(lastPage: 50_000, fullPages: 3, pageSize: 20),
    ])
    func endOnALyingTotalFindsTheRealEndInAFewRequests(list: HostileLists) async throws {
        let h = try await Self.opened(list)
        #expect(h.controller.listView.list.isAddressable)
        let before = h.transport.count
        h.press(.character("G"))
        let ran = await h.runner.drain(into: h.controller)
        #expect(ran < 500, "still asking after 500 requests")
        #expect(h.transport.count - before <= 12, "G cost \(h.transport.count - before) requests")
        #expect(h.controller.listView.list.count == 60)
        #expect(statusLine(h).contains("60 / 60"), "\(statusLine(h))")
        #expect((0..<60).allSatisfy { h.controller.listView.list.item(at: $0) != nil })
        // Idle, Esc, and End again ask for nothing more.
        let settled = h.transport.count
        h.press(.escape)
        await h.runner.drain(into: h.controller)
        h.press(.character("G"))
        await h.runner.drain(into: h.controller)
        #expect(h.transport.count == settled)
    }

    /// count 100; pages of 20, 10, 5, 2, 1 items, each with a `next` while more follow
    /// (issue 35, item 16): G said `30 / 30 · end` and 8 served items were never shown.
    /// The short page that says more follow makes the list walk: all 38, each once, in
    /// order, the selection on the last, no placeholder left, and the status says why.
    @Test func pagesThatShrinkAreWalkedSoEveryItemServedShows() async throws {
        let h = try await Self.opened(.shrinkingPages(claimed: 100, sizes: [20, 10, 5, 2, 1]))
        h.press(.character("G"))
        await h.runner.drain(into: h.controller)
        let list = h.controller.listView.list
        #expect(list.count == 38)
        #expect((0..<38).allSatisfy { list.item(at: $0)?.rawID == $0 + 1 })
        #expect(h.controller.listView.grid.selection == 37)
        #expect(statusLine(h).contains("38 / 38") && statusLine(h).contains("end"), "\(statusLine(h))")
        #expect(statusLine(h).contains("more follow"), "\(statusLine(h))")
        // The first page, pages 2 and 3 the first screen asked (page 2 short with a `next`),
        // then the walk's five (no session cache here: in portal it answers the repeats).
        #expect(h.transport.count == 1 + 2 + 5, "\(h.transport.urls)")
    }

    /// A walk (End on a list that only has `next`) whose `next` goes round with its query
    /// reordered, or whose server ignores `page`: it ends after a page or two that brought
    /// nothing new, with each item listed once (the page whose `next` is refused fails
    /// whole, as any refused page does: the loop's second page is not shown).
    @Test(arguments: [(HostileLists.reorderedLoop, "/items?cursor=a&dir=asc&sort=name", nil as String?, 5), (.ignoresPage, "/items", "page", 5)])
    func aWalkThatGoesRoundEnds(list: HostileLists, path: String, paging: String?, items: Int) async throws {
        let h = try await Self.opened(list, path: path, paging: paging)
        #expect(!h.controller.listView.list.isAddressable)
        h.press(.end)
        let ran = await h.runner.drain(into: h.controller)
        #expect(ran < 500, "still asking after 500 requests")
        #expect(h.transport.count <= 4, "\(h.transport.count) requests")
        #expect(h.controller.listView.list.count == items, "\(h.transport.urls) \(String(describing: h.controller.listView.list.failure))")
        let settled = h.transport.count
        h.press(.escape, .end)
        await h.runner.drain(into: h.controller)
        #expect(h.transport.count == settled)
    }

    /// A linked list in a pane whose later pages are empty but keep a `next`: paged by the
    /// grid's engine, its walk ends at its first page with nothing new (a tab's list allows
    /// `PageLinkGuard.maxEmptyPages`), and nothing is asked after, whatever the keys.
    @Test func aPanesListEndsAtItsFirstEmptyPage() async throws {
        let h = try await Self.opened(.emptyPagesInAPane, path: "/people")
        h.press(.enter)
        await h.runner.drain(into: h.controller)
        h.press(.enter)
        let ran = await h.runner.drain(into: h.controller)
        #expect(ran < 500, "still asking after 500 requests")
        let opened = h.transport.count
        for _ in 0..<10 { h.press(.down) }
        await h.runner.drain(into: h.controller)
        #expect(h.transport.count <= opened + 1, "\(h.transport.urls)")
        #expect(h.controller.pane?.listHasMore == false)
        let ended = h.transport.count
        for _ in 0..<10 { h.press(.down) }
        await h.runner.drain(into: h.controller)
        #expect(h.transport.count == ended)
    }

    /// Every page loaded by PgDn, then back to the top: the status line describes where
    /// the selection is, so it does not say "end" there.
    @Test func theStatusSaysEndOnlyWhereTheSelectionIs() async throws {
        let h = Harness(size: Size(columns: 100, rows: 30))
        await h.runner.drain(into: h.controller)
        for _ in 0..<200 where h.controller.grid.selection != 825 {
            h.press(.pageDown)
            await h.runner.drain(into: h.controller)
        }
        #expect(h.controller.listView.list.isComplete && h.controller.grid.selection == 825)
        #expect(statusLine(h).contains("826 / 826") && statusLine(h).contains("end"), "\(statusLine(h))")
        h.press(.home)
        await h.runner.drain(into: h.controller)
        #expect(statusLine(h).contains("1 / 826") && !statusLine(h).contains("end"), "\(statusLine(h))")
    }
}
