import PortalCore
import PortalTestSupport
import PortalUI
import Testing

@MainActor
@Suite("Screen controller on the real snapshot")
struct ScreenControllerTests {
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
        #expect(h.controller.loader.count == 20)
        #expect(h.transport.pageRequests == 1)
    }

    @Test func stormOfDownKeysAtTheBottomMakesOneTicket() async {
        let h = Harness(size: Size(columns: 100, rows: 30))
        await h.runner.drain(into: h.controller)
        let settled = h.controller.pageRequestCount
        for _ in 0..<100 { h.press(.down) }
        #expect(h.controller.pageRequestCount == settled + 1)
        #expect(h.runner.count == 1)
    }

    @Test func tallTerminalFillsItself() async {
        let h = Harness(size: Size(columns: 100, rows: 200))
        await h.runner.drain(into: h.controller)
        let grid = h.controller.grid
        #expect(h.controller.loader.pagesLoaded > 1)
        #expect(grid.contentRows >= grid.viewportRows + grid.thresholdRows)
        #expect(!grid.wantsMore)
        #expect(h.transport.pageRequests == h.controller.loader.pagesLoaded)
    }

    @Test(arguments: [Size(columns: 100, rows: 30), Size(columns: 40, rows: 12), Size(columns: 250, rows: 80)])
    func endToEndIsFortyTwoRequests(size: Size) async {
        let h = Harness(size: size)
        h.press(.end)
        await h.runner.drain(into: h.controller)
        #expect(h.controller.loader.isExhausted)
        #expect(h.controller.loader.count == 826)
        #expect(h.transport.pageRequests == 42)
        // Sticky end: the selection followed every page to the very last card.
        #expect(h.controller.grid.selection == 825)
        #expect(h.controller.listView.selectedItem?.character?.id == 826)
        #expect(h.screen().text.contains("826 / 826 · page 42 · end"))
    }

    @Test func stepByStepScrollingIsAlsoFortyTwoRequests() async {
        let h = Harness(size: Size(columns: 70, rows: 20))
        var guardCount = 0
        while !h.controller.loader.isExhausted, guardCount < 5000 {
            h.press(.down, .down, .pageDown, .control("d"), .wheelDown)
            await h.runner.runNext(into: h.controller)
            guardCount += 1
        }
        await h.runner.drain(into: h.controller)
        #expect(h.transport.pageRequests == 42)
        // Every id once, in server order.
        #expect(h.controller.listView.items.map(\.rawID) == Array(1...826))
    }

    @Test func endLoadsOnlyAsFarAsThePagesGo() async {
        let h = Harness(size: Size(columns: 100, rows: 30))
        await h.runner.drain(into: h.controller)
        let loaded = h.controller.loader.count
        h.press(.end)
        #expect(h.controller.grid.selection == loaded - 1)
        await h.runner.runNext(into: h.controller)
        #expect(h.controller.grid.selection == h.controller.loader.count - 1)
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
        let count = h.controller.loader.count
        await h.runner.runNext(into: h.controller)
        #expect(h.controller.loader.count == count + 20)
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

    @Test func failedPageShowsErrorAndRetriesTheSamePage() async {
        let failing = FailingTransport(TestData.snapshot)
        let h = Harness(size: Size(columns: 100, rows: 30), inner: failing)
        await h.runner.drain(into: h.controller)
        let loaded = h.controller.loader.count
        failing.fail("page=")
        h.press(.end)
        await h.runner.drain(into: h.controller)
        #expect(h.controller.loader.count == loaded)
        #expect(h.screen().text.contains("error — r to retry"))
        let failedURL = h.transport.urls.last!
        // Keys do not retry by themselves.
        for _ in 0..<10 { h.press(.down) }
        #expect(h.runner.isEmpty)
        failing.fail(nil)
        h.press(.character("r"))
        #expect(h.runner.count == 1)
        await h.runner.runNext(into: h.controller)
        #expect(h.transport.urls.last == failedURL)
        #expect(h.controller.loader.count == loaded + 20)
    }
}
