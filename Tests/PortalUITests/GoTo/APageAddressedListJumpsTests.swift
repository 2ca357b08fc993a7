import PortalCore
import PortalTestSupport
import PortalUI
import Testing

/// The sparse list under a tab, through the controller: `:N`, jumps asking only for the
/// pages they show, both directions, eviction and re-fetch, generations.
@MainActor
@Suite("Jumps in a page-addressed list")
struct APageAddressedListJumpsTests {
    @Test func colonNumberEnterGoesToThatCard() async {
        let h = Harness(size: Size(columns: 100, rows: 30))
        await h.runner.drain(into: h.controller)
        let before = h.transport.pageRequests
        h.type(":500")
        #expect(h.screen().text.contains("go to card (1–826): 500"))
        #expect(h.controller.grid.selection == 0)
        h.press(.enter)
        #expect(h.controller.grid.selection == 499)
        #expect(h.controller.activeTab == 0)
        await h.runner.drain(into: h.controller)
        #expect(h.controller.listView.selectedItem?.character?.id == 500)
        #expect(h.screen().text.contains("500 / 826 · page 25"))
        // Only the pages around card 500 (on screen, a page ahead, a page behind), not
        // the 24 pages before it.
        #expect(h.transport.pageRequests - before <= 4)
    }

    @Test func digitsAlwaysSwitchTabsAndNeverCount() async {
        let h = Harness(size: Size(columns: 100, rows: 30))
        await h.runner.drain(into: h.controller)
        // `2` then `3` shows locations: no digit is read as the start of a count.
        let two = h.send(.key(.character("2")))
        #expect(h.controller.activeTab == 1)
        let three = h.send(.key(.character("3")))
        #expect(h.controller.activeTab == 2)
        #expect(h.controller.pane == nil)
        #expect(two.contains { if case .fetchPage(let list, _, _, _) = $0 { list.tab == 1 } else { false } })
        #expect(three.contains { if case .fetchPage(let list, _, _, _) = $0 { list.tab == 2 } else { false } })
        // `G` alone is the end, as always.
        h.press(.character("1"), .character("G"))
        #expect(h.controller.activeTab == 0 && h.controller.grid.selection == 825)
    }

    @Test func theGoToPromptEditsCancelsAndStartsNothing() async {
        let h = Harness(size: Size(columns: 100, rows: 30))
        await h.runner.drain(into: h.controller)
        // Typing in the prompt: digits are digits (no tab switch), other keys are refused,
        // separators are ignored; Backspace and Ctrl-U edit.
        h.type(":2x3")
        #expect(h.controller.activeTab == 0 && h.controller.goTo.text == "23")
        h.press(.backspace)
        h.type("0,0")
        #expect(h.controller.goTo.number == 200)
        #expect(h.send(.key(.enter)).allSatisfy { if case .fetchPage(let list, _, _, _) = $0 { list.tab == 0 } else { true } })
        #expect(h.controller.grid.selection == 199)
        // `:` alone then Enter cancels; Esc cancels with text typed.
        h.type(":")
        #expect(h.send(.key(.enter)).isEmpty)
        #expect(h.controller.grid.selection == 199 && !h.controller.goTo.isActive)
        h.type(":5")
        h.press(.escape)
        #expect(h.controller.grid.selection == 199 && !h.controller.goTo.isActive)
        h.type(":1")
        h.press(.control("u"))
        #expect(h.controller.goTo.text.isEmpty)
        #expect(h.controller.tabs.filter(\.isStarted).count == 1)
    }

    @Test func aNumberPastTheEndGoesToTheLastCard() async {
        let h = Harness(size: Size(columns: 100, rows: 30))
        await h.runner.drain(into: h.controller)
        h.type(":99999999")
        h.press(.enter)
        #expect(h.controller.grid.selection == 825)
    }

    @Test func pagesLoadUpwardsFromTheEndEachOnce() async throws {
        let h = Harness(size: Size(columns: 100, rows: 30))
        await h.runner.drain(into: h.controller)
        h.press(.end)
        await h.runner.drain(into: h.controller)
        for _ in 0..<30 {
            h.press(.pageUp)
            await h.runner.drain(into: h.controller)
        }
        // Every page from the screen to the end came in, each asked for once.
        let top = try #require(h.controller.list.page(containing: h.controller.grid.visibleRange.lowerBound))
        #expect(top < 30)
        #expect((top...41).allSatisfy { h.controller.list.state(ofPage: $0) == .loaded })
        #expect(Set(h.pageURLs).count == h.pageURLs.count)
    }

    @Test func farPagesAreDroppedAndAskedForAgainOnReturn() async {
        let h = Harness(size: Size(columns: 100, rows: 30), maxPages: 4)
        await h.runner.drain(into: h.controller)
        h.press(.end)
        await h.runner.drain(into: h.controller)
        #expect(h.controller.list.loadedPageCount <= 4)
        // Page 1 was dropped: it is a placeholder now, asked again on Home.
        #expect(h.controller.list.state(ofPage: 0) == .idle)
        let firstURL = h.pageURLs[0]
        h.press(.home)
        #expect(h.screen().text.contains("loading…"))
        await h.runner.drain(into: h.controller)
        #expect(h.pageURLs.filter { $0 == firstURL }.count == 2)
        #expect(h.screen().text.contains("Rick Sanchez"))
        #expect(h.controller.list.loadedPageCount <= 4)
    }

    @Test func aSearchDropsTheOldGenerationsPagesInFlight() async throws {
        let h = Harness(size: Size(columns: 100, rows: 30))
        await h.runner.drain(into: h.controller)
        h.press(.end)
        // The end's pages are in flight when the search starts the list over.
        let stale = try #require(await h.runner.takeNext())
        await h.search("smith")
        h.send(.message(stale))
        let names = h.controller.listView.loadedItems.compactMap { $0.character?.name }
        #expect(!names.isEmpty)
        #expect(names.allSatisfy { $0.lowercased().contains("smith") })
        #expect(h.controller.list.count == names.count)
    }

    @Test func escStopsAWalkOnAListThatCannotJump() async {
        let h = Harness(size: Size(columns: 100, rows: 30), sequential: true)
        await h.runner.drain(into: h.controller)
        h.press(.end)
        await h.runner.runNext(into: h.controller)
        #expect(h.controller.list.isWalking)
        let soFar = h.controller.list.count
        #expect(h.screen().text.contains("loading… \(soFar) so far"))
        h.press(.escape)
        #expect(!h.controller.list.isWalking)
        #expect(!h.controller.grid.isStickyEnd)
        await h.runner.drain(into: h.controller)
        // The page in flight still lands, and the screen's own margin (the selection is on
        // the last row) asks for one more, as Down at the bottom would; then it stops.
        #expect(h.controller.list.count <= soFar + 40)
        #expect(!h.controller.list.isComplete)
    }
}
