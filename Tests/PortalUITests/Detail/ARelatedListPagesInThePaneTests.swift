import Foundation
import PortalCore
import PortalTestSupport
import PortalUI
import Testing

/// A pane's related list on the grid's engine (issue 24, item 3): pages of as many ids as a
/// request holds, each the multi-id request of its ids, asked as the pane's screen reaches
/// them; End/G jumps. Against the in-process snapshot, where Rick's 51 episodes fit one
/// request (issue 34): here 20 a request (`TestData.rickAndMortyTwentyKeysPerRequest`), so
/// his episodes are pages 1-20, 21-40, 41-51.
@MainActor
@Suite("Detail pane: the related list pages")
struct ARelatedListPagesInThePaneTests {
    func opened(_ size: Size) async throws -> (Harness, DetailPane) {
        let h = Harness(size: size, source: TestData.rickAndMortyTwentyKeysPerRequest())
        await h.runner.drain(into: h.controller)
        h.press(.enter)  // Rick Sanchez
        return (h, try #require(h.controller.pane))
    }

    /// The related items loaded, by id.
    func loadedIDs(_ pane: DetailPane) -> [Int] {
        guard case .loaded(let items) = pane.related else { return [] }
        return items.map(\.rawID)
    }

    @Test func openingAsksTheFirstPageOnly() async throws {
        // 80×14: the pane's 11 rows show no episode at the top.
        let (h, pane) = try await opened(Size(columns: 80, rows: 14))
        let asked = h.runner.pending
        #expect(asked.paneListFetches == [PaneListFetch(pane: pane.address, page: 0, ids: Array(1...20))] && asked.count == 1)
        await h.runner.drain(into: h.controller)
        #expect(h.transport.episodeRequests == 1)
        #expect(h.transport.count(containing: "/episode/1,2,3,") == 1)
        #expect(loadedIDs(pane) == Array(1...20))
    }

    @Test func endOnALongRelatedListAsksTheLastPageOnly() async throws {
        let (h, pane) = try await opened(Size(columns: 80, rows: 14))
        await h.runner.drain(into: h.controller)
        let effects = h.send(.key(.end))
        #expect(effects.paneListFetches == [PaneListFetch(pane: pane.address, page: 2, ids: Array(41...51))] && effects.count == 1)
        await h.runner.drain(into: h.controller)
        #expect(h.transport.episodeRequests == 2)
        #expect(h.transport.urls.last?.hasSuffix("/episode/41,42,43,44,45,46,47,48,49,50,51") == true)
        #expect(loadedIDs(pane) == Array(1...20) + Array(41...51))
        let text = h.screen().text
        #expect(text.contains("S05E10"))
        // Each page once: End again and back home ask nothing new.
        h.press(.home, .end)
        await h.runner.drain(into: h.controller)
        #expect(h.transport.episodeRequests == 2)
    }

    @Test func gAndPageDownWalkThePagesTheScreenReaches() async throws {
        let (h, pane) = try await opened(Size(columns: 80, rows: 14))
        await h.runner.drain(into: h.controller)
        // PgDn: the screen reaches episodes 1-10, within the first page.
        h.press(.pageDown)
        await h.runner.drain(into: h.controller)
        #expect(h.transport.episodeRequests == 1)
        // Again: episodes 11-20 on screen, 21-25 ahead: the second page.
        h.press(.pageDown)
        await h.runner.drain(into: h.controller)
        #expect(h.transport.episodeRequests == 2)
        #expect(loadedIDs(pane) == Array(1...40))
        h.press(.character("G"))
        await h.runner.drain(into: h.controller)
        #expect(h.transport.episodeRequests == 3)
        #expect(loadedIDs(pane) == Array(1...51))
    }

    @Test func theCountFollowsThePagesThatArrived() async throws {
        let (h, _) = try await opened(Size(columns: 80, rows: 14))
        #expect(h.screen().text.contains("Episodes  0 of 51"))
        await h.runner.drain(into: h.controller)
        #expect(h.screen().text.contains("Episodes  20 of 51"))
        h.press(.end)
        await h.runner.drain(into: h.controller)
        h.press(.home)
        #expect(h.screen().text.contains("Episodes  31 of 51"))
        h.press(.pageDown, .pageDown, .pageDown)
        await h.runner.drain(into: h.controller)
        h.press(.home)
        #expect(h.screen().text.contains("Episodes  51 of 51"))
    }

    @Test func rowsNotLoadedArePlaceholdersThatLinkToTheirItem() async throws {
        let (h, pane) = try await opened(Size(columns: 80, rows: 24))
        await h.runner.drain(into: h.controller)
        // PgDn: episodes 10-30 on screen, the second page asked and not answered yet.
        h.press(.pageDown)
        expectGolden(h.screen().text, "detail-related-loading-80x24")
        let placeholder = try #require(h.screen().find("loading…"))
        #expect(h.screen().style(row: placeholder.row, column: placeholder.column).dim)
        // The highlight stops on a row not loaded yet; it leads to its episode all the same.
        #expect(pane.highlightedTarget?.kind == .episode)
        #expect(pane.stops.count == 2 + 51)
        await h.runner.drain(into: h.controller)
        #expect(!h.screen().text.contains("loading…"))
    }

    @Test func aFailedPageIsKeptForRetryWithTheOthersShown() async throws {
        let failing = FailingTransport(TestData.snapshot)
        let h = Harness(size: Size(columns: 80, rows: 14), inner: failing, source: TestData.rickAndMortyTwentyKeysPerRequest())
        await h.runner.drain(into: h.controller)
        h.press(.enter)
        await h.runner.drain(into: h.controller)
        failing.fail("/episode")
        h.press(.end)
        await h.runner.drain(into: h.controller)
        let pane = try #require(h.controller.pane)
        #expect(pane.isFailed)
        #expect(h.screen().text.contains("error — r to retry"))
        #expect(loadedIDs(pane) == Array(1...20))
        failing.fail(nil)
        let retried = h.send(.key(.character("r")))
        #expect(retried.paneListFetches == [PaneListFetch(pane: pane.address, page: 2, ids: Array(41...51))] && retried.count == 1)
        await h.runner.drain(into: h.controller)
        #expect(!pane.isFailed)
        #expect(loadedIDs(pane) == Array(1...20) + Array(41...51))
    }

    @Test func refreshingThePaneKeepsThePagesOfTheSameIDs() async throws {
        let (h, pane) = try await opened(Size(columns: 100, rows: 30))
        await h.runner.drain(into: h.controller)
        #expect(loadedIDs(pane) == Array(1...40))
        h.press(.character("R"))
        await h.runner.drain(into: h.controller)
        // Rick came again (past the caches), his episodes the same: no page asked again.
        let asked = h.runner.log.paneListFetches
        #expect(asked.count == 2)
        #expect(loadedIDs(pane) == Array(1...40))
        #expect(h.screen().text.contains("Episodes  40 of 51"))
    }

    /// End, then Home before the last page answered: the page is far from the pane's
    /// screen, so it is given up (`cancelPanePage`) as a grid's page is.
    @Test func aPageInFlightFarFromThePanesScreenIsCancelled() async throws {
        let (h, pane) = try await opened(Size(columns: 80, rows: 14))
        await h.runner.drain(into: h.controller)
        #expect(h.send(.key(.end)).paneListFetches.map(\.page) == [2])
        let home = h.send(.key(.home))
        #expect(home.compactMap { if case .cancelPanePage(pane.address, let key) = $0 { key.page } else { nil } } == [2])
        #expect(h.runner.isEmpty)
        await h.runner.drain(into: h.controller)
        #expect(h.transport.episodeRequests == 1)
        #expect(loadedIDs(pane) == Array(1...20))
        #expect(!h.screen().text.contains("loading…"))
    }

    /// `R` while the related list's first page is on its way, and Rick comes back with
    /// other episodes: the pane makes a new list, and the old list's late answer lands in
    /// nothing — none of its episodes shows in the new list.
    @Test func refreshingWithOtherIDsDropsALateAnswerOfTheOldList() async throws {
        let faulty = FaultyTransport(TestData.snapshot)
        let h = Harness(size: Size(columns: 80, rows: 14), inner: faulty, source: TestData.rickAndMortyTwentyKeysPerRequest())
        await h.runner.drain(into: h.controller)
        h.press(.enter)  // Rick Sanchez: his first page of episodes asked
        let pane = try #require(h.controller.pane)
        let late = try #require(await h.runner.takeNext())  // episodes 1-20, held back
        // Rick again, his first episode gone: episodes 2-51, another list.
        let url = try #require(URL(string: "\(TestData.baseURL)/character/%5B1%5D"))
        let rick = try await TestData.snapshot.send(HTTPRequest(url: url))
        var object = try #require((rick.jsonObject as? [[String: Any]])?.first)
        object["episode"] = try #require(object["episode"] as? [Any]).dropFirst().map { $0 }
        faulty.fail("/character/%5B1%5D", with: .success(.json(200, String(decoding: try JSONSerialization.data(withJSONObject: [object]), as: UTF8.self))))
        h.press(.character("R"))
        await h.runner.runNext(into: h.controller)  // Rick again: the new list asks its first page
        #expect(h.runner.pending.paneListFetches.map(\.ids) == [Array(2...21)])
        h.runner.enqueue(h.controller.update(.message(late)))
        #expect(loadedIDs(pane).isEmpty)
        await h.runner.drain(into: h.controller)
        #expect(loadedIDs(pane) == Array(2...21))
    }

    @Test func closingThePaneCancelsItsPages() async throws {
        let (h, pane) = try await opened(Size(columns: 80, rows: 14))
        let effects = h.send(.key(.escape))
        #expect(effects.contains(.cancel(pane.address)))
        await h.runner.drain(into: h.controller)
        #expect(loadedIDs(pane).isEmpty)
    }
}
