import PortalCore
import PortalTestSupport
import PortalUI
import Testing

@MainActor
@Suite("Detail pane: related items, links and the back stack")
struct ThePaneFollowsRelatedItemsLinksAndGoesBackTests {
    func loaded(_ size: Size = Size(columns: 100, rows: 30), tab: Int = 0) async -> Harness {
        let h = Harness(size: size, tab: tab)
        await h.runner.drain(into: h.controller)
        return h
    }

    /// The pane's related items, if loaded.
    func related(_ h: Harness) throws -> [Item] {
        let pane = try #require(h.controller.pane)
        guard case .loaded(let items) = pane.related else {
            Issue.record("related not loaded: \(pane.related)")
            return []
        }
        return items
    }

    /// Issue 34: as many ids a request as fit a 2 KB URL, so all 51 in one (the pages of
    /// 20 are ARelatedListPagesInThePaneTests', on a source that takes 20 a request).
    @Test func ricksFiftyOneEpisodesInOneRequest() async throws {
        let h = await loaded()
        let effects = h.send(.key(.enter))
        #expect(h.controller.pane?.item?.rawID == 1)
        let pane = try #require(h.controller.pane)
        #expect(effects.paneListFetches == [PaneListFetch(pane: pane.address, page: 0, ids: Array(1...51))] && effects.count == 1)
        await h.runner.drain(into: h.controller)
        #expect(h.transport.episodeRequests == 1)
        let episodes = try related(h)
        #expect(episodes.count == 51)
        #expect(episodes.first?.rawID == 1)
        #expect(h.screen().text.contains("S01E01 Pilot · December 2, 2013"))
        // Reopening asks the interpreter, whose cache answers: no request.
        h.press(.escape, .enter)
        await h.runner.drain(into: h.controller)
        #expect(h.transport.episodeRequests == 1)
        #expect(h.screen().text.contains("Pilot"))
    }

    @Test func anEpisodeListsItsCharactersAfterOneRequest() async throws {
        let h = await loaded(tab: 1)
        #expect(h.controller.tab.spec.kind == .episode)
        h.press(.enter)  // S01E01 Pilot
        await h.runner.drain(into: h.controller)
        #expect(h.transport.count(containing: "/character/1,2,") == 1)
        let characters = try related(h)
        #expect(characters.count == 19)
        #expect(characters.first?.character?.name == "Rick Sanchez")
        let text = h.screen().text
        #expect(text.contains("Characters  19") || text.contains("Characters 19"))
        #expect(text.contains("Morty Smith"))
    }

    /// Earth's 27 residents are one request: the preset's `by_keys` holds as many ids as
    /// fit in a 2 KB URL (pages of 20 made two).
    @Test func aLocationListsItsTwentySevenResidentsInOneRequest() async throws {
        let h = await loaded(tab: 2)
        h.press(.enter)  // Earth (C-137)
        #expect(h.controller.pane?.item?.crumb == "Earth (C-137)")
        await h.runner.drain(into: h.controller)
        #expect(h.transport.count(containing: "/character/") == 1)
        #expect(try related(h).count == 27)
    }

    @Test func anItemWithNoRelatedIdsMakesNoRequest() async throws {
        let h = await loaded(tab: 2)
        // Location 3 (Citadel of Ricks) has residents; find one with none.
        let index = try #require(h.controller.listView.loadedItems.firstIndex { $0.record.row["residents"]?.description == "[]" })
        for _ in 0..<index { h.press(.right) }
        let effects = h.send(.key(.enter))
        #expect(effects.isEmpty)
        #expect(h.controller.pane?.related == DetailPane.Related.none)
        #expect(h.screen().text.contains("no residents"))
    }

    @Test func linksFromRickToPilotAndBack() async throws {
        let h = await loaded(Size(columns: 120, rows: 40))
        h.press(.enter)
        await h.runner.drain(into: h.controller)
        let rick = try #require(h.controller.pane)
        // The highlight starts on the first link (Origin), then Location, then episodes.
        #expect(rick.highlightedTarget == ItemKey(.location, 1))
        h.press(.down)
        #expect(rick.highlightedTarget == ItemKey(.location, 3))
        h.press(.down)
        #expect(rick.highlightedTarget == ItemKey(.episode, 1))
        let requestsBefore = h.transport.count
        let effects = h.send(.key(.enter))
        let pilot = try #require(h.controller.pane)
        #expect(pilot !== rick)
        #expect(effects == [.fetchItems(pilot.address, .subject, .episode, ids: [1])])
        await h.runner.drain(into: h.controller)
        // The episode came with Rick's list (cached); its 19 characters in one request.
        #expect(h.transport.count == requestsBefore + 1)
        #expect(pilot.item?.crumb == "S01E01 Pilot")
        #expect(try related(h).count == 19)
        #expect(h.controller.breadcrumb == ["Rick Sanchez", "S01E01 Pilot"])
        #expect(h.screen().text.contains("Rick Sanchez › S01E01 Pilot"))
        // Follow on to Morty, then back twice: each pane as it was, highlight included.
        h.press(.down, .enter)
        await h.runner.drain(into: h.controller)
        #expect(h.controller.breadcrumb == ["Rick Sanchez", "S01E01 Pilot", "Morty Smith"])
        let effectsBack = h.send(.key(.escape))
        #expect(effectsBack.count == 1, "only the cancel of Morty's pane: \(effectsBack)")
        #expect(h.controller.pane === pilot)
        #expect(pilot.highlightedTarget == ItemKey(.character, 2))
        h.press(.backspace)
        #expect(h.controller.pane === rick)
        #expect(rick.highlightedTarget == ItemKey(.episode, 1))
        h.press(.escape)
        #expect(h.controller.pane == nil)
    }

    @Test func aResultForAPaneLeftBehindStillLandsInIt() async throws {
        let h = await loaded(Size(columns: 120, rows: 40))
        h.press(.enter)
        let rick = try #require(h.controller.pane)
        // Before Rick's episodes arrive, nothing to follow yet but his origin.
        h.press(.enter)  // follows Origin: Earth (C-137)
        await h.runner.drain(into: h.controller)
        #expect(h.controller.pane?.item?.crumb == "Earth (C-137)")
        h.press(.escape)
        #expect(h.controller.pane === rick)
        // His episodes (one request) landed while his pane was behind.
        #expect(try related(h).count == 51)
    }

    @Test func resultAfterCloseIsDropped() async {
        let h = await loaded()
        h.press(.enter)
        h.press(.escape)
        #expect(h.controller.pane == nil)
        await h.runner.drain(into: h.controller)
        #expect(h.controller.pane == nil)
        #expect(!h.screen().text.contains("Pilot"))
    }

    @Test func resultForAnotherCharacterIsDropped() async throws {
        let h = await loaded(Size(columns: 120, rows: 30))
        h.press(.enter)  // Rick (id 1)
        h.press(.escape, .right, .enter)  // Morty (id 2)
        #expect(h.controller.pane?.item?.rawID == 2)
        #expect(h.runner.count == 2)
        // Deliver Rick's result first: it must not land in Morty's pane.
        let rick = try #require(await h.runner.takeNext())
        h.send(.message(rick))
        #expect(h.controller.pane?.related == .loading)
        await h.runner.runNext(into: h.controller)
        #expect(try related(h).count == TestData.data.characters.first { $0.id == 2 }?.episodeIDs.count)
    }

    @Test func aNewSearchDropsPanesOfTheOldGeneration() async throws {
        let h = await loaded()
        h.press(.enter)
        let old = try #require(h.controller.pane?.address)
        let stale = try #require(await h.runner.takeNext())
        await h.search("morty")
        #expect(h.controller.pane == nil)
        h.send(.message(stale))
        #expect(h.controller.pane == nil)
        #expect(h.controller.tab.list.generation != old.generation)
    }

    @Test func failureShowsInThePaneAndRetries() async throws {
        let failing = FailingTransport(TestData.snapshot)
        let h = Harness(size: Size(columns: 100, rows: 30), inner: failing)
        await h.runner.drain(into: h.controller)
        failing.fail("/episode")
        h.press(.enter)
        await h.runner.drain(into: h.controller)
        #expect(h.controller.pane?.isFailed == true)
        let text = h.screen().text
        #expect(text.contains("error — r to retry"))
        #expect(text.contains("HTTP 500 Internal Server Error: boom"))
        failing.fail(nil)
        h.press(.character("r"))
        await h.runner.drain(into: h.controller)
        #expect(h.controller.pane?.isFailed == false)
        #expect(h.screen().text.contains("Pilot"))
    }

    @Test func paneScrolls() async throws {
        let h = await loaded(Size(columns: 80, rows: 20))
        h.press(.enter)
        await h.runner.drain(into: h.controller)
        #expect(!h.screen().text.contains("S03E10"))
        h.press(.end)
        await h.runner.drain(into: h.controller)
        let text = h.screen().text
        #expect(text.contains("S05E10"))
        #expect(!text.contains("Rick Sanchez"))
        h.press(.home)
        #expect(h.controller.pane?.scroll == 0)
        h.press(.pageDown)
        #expect(try #require(h.controller.pane).scroll > 2)
        // Walking the links down scrolls the highlighted one into view.
        h.press(.home)
        for _ in 0..<30 { h.press(.down) }
        let pane = try #require(h.controller.pane)
        let line = try #require(pane.highlightedLine)
        #expect(line >= pane.scroll && line < pane.scroll + h.controller.layout.detail.height)
    }

    @Test func sideBySideWhenWide() async {
        let h = await loaded(Size(columns: 120, rows: 30))
        h.press(.enter)
        await h.runner.drain(into: h.controller)
        #expect(h.controller.layout.isSideBySide)
        let text = h.screen().text
        #expect(text.contains("Morty Smith"))  // the grid still shows
        #expect(text.contains("Episodes  51 of 51"))
        let narrow = await loaded(Size(columns: 80, rows: 30))
        narrow.press(.enter)
        #expect(!narrow.controller.layout.isSideBySide)
        #expect(!narrow.screen().text.contains("Morty Smith"))
    }
}
