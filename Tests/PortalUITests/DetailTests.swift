import PortalCore
import PortalTestSupport
import PortalUI
import Testing

@MainActor
@Suite("Detail pane")
struct DetailTests {
    func loaded(_ size: Size = Size(columns: 100, rows: 30)) async -> Harness {
        let h = Harness(size: size)
        await h.runner.drain(into: h.controller)
        return h
    }

    @Test func rickHasFiftyOneEpisodesInOneRequest() async {
        let h = await loaded()
        h.press(.enter)
        #expect(h.controller.detail?.character.id == 1)
        await h.runner.drain(into: h.controller)
        #expect(h.transport.episodeRequests == 1)
        guard case .loaded(let episodes) = h.controller.detail?.episodes else {
            Issue.record("episodes not loaded")
            return
        }
        #expect(episodes.count == 51)
        #expect(episodes.first?.code == "S01E01")
        #expect(h.screen().text.contains("S01E01 Pilot · December 2, 2013"))
        // Reopening uses the cache.
        h.press(.escape, .enter)
        #expect(h.runner.isEmpty)
        #expect(h.transport.episodeRequests == 1)
        #expect(h.screen().text.contains("Pilot"))
    }

    @Test func resultAfterCloseIsDropped() async {
        let h = await loaded()
        h.press(.enter)
        h.press(.escape)
        #expect(h.controller.detail == nil)
        await h.runner.drain(into: h.controller)
        #expect(h.controller.detail == nil)
        #expect(!h.screen().text.contains("Pilot"))
    }

    @Test func resultForAnotherCharacterIsDropped() async {
        let h = await loaded(Size(columns: 120, rows: 30))
        h.press(.enter)  // Rick (id 1)
        h.press(.escape, .right, .enter)  // Morty (id 2)
        #expect(h.controller.detail?.character.id == 2)
        #expect(h.runner.count == 2)
        // Deliver Rick's result first: it must not land in Morty's pane.
        guard let rick = await h.runner.takeNext() else { return }
        if case .episodes(let id, _, _) = rick { #expect(id == 1) }
        h.controller.receive(rick)
        #expect(h.controller.detail?.episodes == .loading)
        await h.runner.runNext(into: h.controller)
        guard case .loaded(let episodes) = h.controller.detail?.episodes else {
            Issue.record("Morty's episodes not loaded")
            return
        }
        #expect(episodes.count == h.controller.detail?.character.episodeIDs.count)
    }

    @Test func reopeningTheSameCharacterDropsTheOlderToken() async {
        let h = await loaded()
        h.press(.enter, .escape, .enter)
        guard let first = await h.runner.takeNext() else { return }
        h.controller.receive(first)
        #expect(h.controller.detail?.episodes == .loading)
        await h.runner.drain(into: h.controller)
        #expect(h.controller.detail?.isFailed == false)
    }

    @Test func failureShowsInThePaneAndRetries() async {
        let failing = FailingTransport(TestData.snapshot)
        let h = Harness(size: Size(columns: 100, rows: 30), inner: failing)
        await h.runner.drain(into: h.controller)
        failing.fail("/episode")
        h.press(.enter)
        await h.runner.drain(into: h.controller)
        #expect(h.controller.detail?.isFailed == true)
        let text = h.screen().text
        #expect(text.contains("error — r to retry"))
        #expect(text.contains("HTTP 500 Internal Server Error: boom"))
        failing.fail(nil)
        h.press(.character("r"))
        await h.runner.drain(into: h.controller)
        #expect(h.controller.detail?.isFailed == false)
        #expect(h.screen().text.contains("Pilot"))
    }

    @Test func paneScrolls() async {
        let h = await loaded(Size(columns: 80, rows: 20))
        h.press(.enter)
        await h.runner.drain(into: h.controller)
        #expect(!h.screen().text.contains("S03E10"))
        h.press(.end)
        let text = h.screen().text
        #expect(text.contains("S05E10"))
        #expect(!text.contains("Rick Sanchez"))
        h.press(.home, .down, .down)
        #expect(h.controller.detail?.scroll == 2)
        h.press(.pageDown)
        #expect(h.controller.detail!.scroll > 2)
    }

    @Test func sideBySideWhenWide() async {
        let h = await loaded(Size(columns: 120, rows: 30))
        h.press(.enter)
        await h.runner.drain(into: h.controller)
        #expect(h.controller.layout.isSideBySide)
        let text = h.screen().text
        #expect(text.contains("Morty Smith"))  // the grid still shows
        #expect(text.contains("Episodes  51"))
        let narrow = await loaded(Size(columns: 80, rows: 30))
        narrow.press(.enter)
        #expect(!narrow.controller.layout.isSideBySide)
        #expect(!narrow.screen().text.contains("Morty Smith"))
    }
}
