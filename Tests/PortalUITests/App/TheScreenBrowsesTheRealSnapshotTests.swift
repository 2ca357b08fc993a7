import PortalCore
import PortalTestSupport
import PortalUI
import Testing

@MainActor
@Suite("Screen controller on the real snapshot")
struct TheScreenBrowsesTheRealSnapshotTests {
    @Test func startAsksForTheFirstPageOnce() async {
        let h = Harness(size: Size(columns: 100, rows: 30))
        #expect(h.runner.count == 1)
        #expect(h.controller.pageRequestCount == 1)
        // A storm of keys while the page is in flight makes no second ticket.
        for _ in 0..<100 { h.press(.down) }
        h.press(.end, .pageDown, .control("d"))
        #expect(h.runner.count == 1)
        #expect(h.controller.pageRequestCount == 1)
        await h.runner.runNext(into: h.controller)
        #expect(h.controller.list.loadedPageCount == 1)
        #expect(h.controller.list.count == 826)
        #expect(h.transport.pageRequests == 1)
    }

    @Test func stormOfDownKeysAtTheBottomMakesOneTicket() async {
        let h = Harness(size: Size(columns: 100, rows: 30), sequential: true)
        await h.runner.drain(into: h.controller)
        let settled = h.controller.pageRequestCount
        for _ in 0..<100 { h.press(.down) }
        #expect(h.controller.pageRequestCount == settled + 1)
        #expect(h.runner.count == 1)
    }

    @Test func stormOfKeysAsksForEachPageOnce() async {
        let h = Harness(size: Size(columns: 100, rows: 30))
        await h.runner.drain(into: h.controller)
        // Nothing delivered while the keys go down and back up: every page reaches the
        // network once, none twice, whatever the number of keys. Pages left behind while
        // in flight are cancelled (they never reach the network) and asked for again when
        // the viewport comes back to them.
        for _ in 0..<100 { h.press(.down) }
        for _ in 0..<100 { h.press(.up) }
        for _ in 0..<100 { h.press(.down) }
        await h.runner.drain(into: h.controller)
        let cancelled = h.runner.log.filter { if case .cancelPage = $0 { true } else { false } }.count
        #expect(cancelled > 0)
        #expect(Set(h.pageURLs).count == h.pageURLs.count)
        #expect(h.controller.pageRequestCount - cancelled == h.pageURLs.count)
    }

    @Test func tallTerminalFillsItself() async {
        let h = Harness(size: Size(columns: 100, rows: 200))
        await h.runner.drain(into: h.controller)
        let grid = h.controller.grid
        #expect(h.controller.list.pagesLoaded > 1)
        #expect(grid.contentRows >= grid.viewportRows)
        #expect(h.transport.pageRequests == h.controller.list.pagesLoaded)
    }

    @Test(arguments: [Size(columns: 100, rows: 30), Size(columns: 40, rows: 12), Size(columns: 120, rows: 40)])
    func endJumpsAskingOnlyForThePagesItShows(size: Size) async throws {
        let h = Harness(size: size)
        h.press(.end)  // before the first page: it lands on the end once the total is known
        await h.runner.drain(into: h.controller)
        #expect(h.controller.grid.selection == 825)
        #expect(h.controller.listView.selectedItem?.character?.id == 826)
        let shown = try #require(h.controller.list.page(containing: h.controller.grid.visibleRange.lowerBound))
        // The first page (for the total), then the pages on screen and one page behind.
        #expect(h.transport.pageRequests <= 1 + (41 - shown + 1) + 1)
        #expect(h.transport.pageRequests <= 4 || size.rows > 30)
        #expect(Set(h.pageURLs).count == h.pageURLs.count)
        #expect(h.screen().text.contains("826 / 826 · page 42"))
        #expect(h.screen().text.contains("Butter Robot"))
        // Home comes back with what is cached: page 1 is still loaded.
        let before = h.transport.pageRequests
        h.press(.home)
        await h.runner.drain(into: h.controller)
        #expect(h.controller.grid.selection == 0)
        #expect(h.transport.pageRequests - before <= 2)
    }

    @Test(arguments: [Size(columns: 100, rows: 30), Size(columns: 40, rows: 12), Size(columns: 250, rows: 80)])
    func endToEndIsFortyTwoRequests(size: Size) async {
        let h = Harness(size: size, sequential: true)
        h.press(.end)
        await h.runner.drain(into: h.controller)
        #expect(h.controller.list.isComplete)
        #expect(h.controller.list.count == 826)
        #expect(h.transport.pageRequests == 42)
        // Sticky end: the selection followed every page to the very last card.
        #expect(h.controller.grid.selection == 825)
        #expect(h.controller.listView.selectedItem?.character?.id == 826)
        #expect(h.screen().text.contains("826 / 826 · page 42 · end"))
    }

    @Test func stepByStepScrollingIsAlsoFortyTwoRequests() async {
        let h = Harness(size: Size(columns: 70, rows: 20))
        var guardCount = 0
        while !h.controller.list.isComplete, guardCount < 5000 {
            h.press(.down, .down, .pageDown, .control("d"), .wheelDown)
            await h.runner.runNext(into: h.controller)
            guardCount += 1
        }
        await h.runner.drain(into: h.controller)
        #expect(h.transport.pageRequests == 42)
        // Every id once, in server order.
        #expect(h.controller.listView.loadedItems.map(\.rawID) == Array(1...826))
    }

    @Test func endLoadsOnlyAsFarAsThePagesGo() async {
        let h = Harness(size: Size(columns: 100, rows: 30), sequential: true)
        await h.runner.drain(into: h.controller)
        let loaded = h.controller.list.count
        h.press(.end)
        #expect(h.controller.grid.selection == loaded - 1)
        await h.runner.runNext(into: h.controller)
        #expect(h.controller.grid.selection == h.controller.list.count - 1)
        // Moving away ends the stickiness: the next page leaves the selection alone.
        h.press(.up)
        let selection = h.controller.grid.selection
        await h.runner.drain(into: h.controller)
        #expect(h.controller.grid.selection == selection)
    }

    @Test func pageArrivalKeepsSelectionAndVisibleRows() async {
        let h = Harness(size: Size(columns: 100, rows: 30))
        await h.runner.drain(into: h.controller)
        h.press(.pageDown, .right)
        // Bring the next request in flight without delivering it.
        while h.runner.isEmpty { h.press(.down) }
        let selection = h.controller.grid.selection
        let offset = h.controller.grid.offsetRows
        let before = h.screen().text
        let pages = h.controller.list.loadedPageCount
        await h.runner.runNext(into: h.controller)
        #expect(h.controller.list.loadedPageCount == pages + 1)
        #expect(h.controller.grid.selection == selection)
        #expect(h.controller.grid.offsetRows == offset)
        // The cards on screen are the same; only the status line (and "loading more…") changed.
        let after = h.screen().text
        let strip = { (t: String) in t.split(separator: "\n", omittingEmptySubsequences: false).dropLast(2).filter { !$0.contains("loading more") } }
        #expect(strip(before) == strip(after))
    }

    @Test func resizeKeepsSelectionVisible() async throws {
        let h = Harness(size: Size(columns: 100, rows: 30))
        await h.runner.drain(into: h.controller)
        for _ in 0..<12 { h.press(.down) }
        await h.runner.drain(into: h.controller)
        let selected = try #require(h.controller.listView.selectedItem?.character)
        for size in [Size(columns: 40, rows: 12), Size(columns: 160, rows: 50), Size(columns: 31, rows: 9)] {
            h.send(.resize(size))
            await h.runner.drain(into: h.controller)
            #expect(h.controller.listView.selectedItem?.character == selected)
            #expect(h.screen().text.contains(selected.name), "size \(size)")
        }
    }

    @Test func tooSmallRecovers() async {
        let h = Harness(size: Size(columns: 100, rows: 30))
        await h.runner.drain(into: h.controller)
        h.send(.resize(Size(columns: 20, rows: 5)))
        #expect(h.screen().lines == ["terminal too small", "need at least 30×8", "now 20×5", "", ""])
        h.press(.down, .down)
        h.send(.resize(Size(columns: 100, rows: 30)))
        #expect(h.screen().text.contains("Rick Sanchez"))
    }

    @Test func quitKeys() async {
        let h = Harness(size: Size(columns: 100, rows: 30))
        await h.runner.drain(into: h.controller)
        #expect(h.send(.key(.control("c"))).contains(.quit))
        h.press(.enter)
        #expect(h.controller.pane != nil)
        #expect(!h.send(.key(.character("q"))).contains(.quit))
        #expect(h.controller.pane == nil)
        h.press(.enter)
        #expect(h.send(.key(.control("c"))).contains(.quit))
        #expect(!h.send(.key(.escape)).contains(.quit))
        #expect(h.send(.key(.character("q"))).contains(.quit))
    }

    @Test func helpToggles() async {
        let h = Harness(size: Size(columns: 100, rows: 30))
        await h.runner.drain(into: h.controller)
        h.press(.character("?"))
        #expect(h.controller.showsHelp)
        h.press(.down)  // ignored under the overlay
        #expect(h.controller.grid.selection == 0)
        h.press(.escape)
        #expect(!h.controller.showsHelp)
    }

    /// `--offline` past what was seen: the status says so and offers no retry, which
    /// could not help; what is loaded stays.
    @Test func aPageNotInTheOfflineCacheEndsTheListWithoutOfferingRetry() async {
        let faulty = FaultyTransport(TestData.snapshot)
        faulty.fail("page=2", with: .failure(.notInCache))
        let h = Harness(size: Size(columns: 100, rows: 12), inner: faulty)
        await h.runner.drain(into: h.controller)
        h.press(.pageDown, .pageDown)
        await h.runner.drain(into: h.controller)
        #expect(h.transport.urls.contains { $0.hasSuffix("page=2") })
        let status = h.screen().lines[10]
        #expect(status.contains("not in the cache (offline)") && !status.contains("retry"), "\(status)")
        #expect(h.controller.list.item(at: 19) != nil && h.controller.list.item(at: 20) == nil)
        #expect(h.controller.list.failedPages == [1])
    }

    @Test func failedPageShowsErrorAndRetriesTheSamePage() async {
        let failing = FailingTransport(TestData.snapshot)
        let h = Harness(size: Size(columns: 100, rows: 30), inner: failing)
        await h.runner.drain(into: h.controller)
        let loaded = h.controller.list.loadedPageCount
        failing.fail("page=")
        h.press(.end)
        await h.runner.drain(into: h.controller)
        #expect(h.controller.list.loadedPageCount == loaded)
        #expect(h.screen().text.contains("error — r to retry"))
        let failed = Set(h.transport.urls.suffix(h.controller.list.failedPages.count))
        #expect(!failed.isEmpty)
        // Keys do not retry by themselves.
        for _ in 0..<10 { h.press(.right) }
        #expect(h.runner.isEmpty)
        failing.fail(nil)
        h.press(.character("r"))
        // The failed pages near the screen are asked again, the very same URLs.
        #expect(h.runner.count == failed.count)
        await h.runner.drain(into: h.controller)
        #expect(failed.isSubset(of: Set(h.transport.urls.suffix(failed.count))))
        #expect(h.controller.list.failure == nil)
        #expect(h.controller.list.loadedPageCount == loaded + failed.count)
    }
}
