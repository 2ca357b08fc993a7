import PortalCore
import PortalTestSupport
import PortalUI
import Testing

/// The update function, read through the effects it returns: tabs start lazily, keep
/// their own state, and results of another tab or generation are dropped.
@MainActor
@Suite("Tabs, filters and stale results across tabs")
struct TabsKeepTheirFiltersAndDropStaleResultsTests {
    /// The page effects among `effects`, as (tab, generation, page index, query).
    func pages(_ effects: [Effect]) -> [(tab: Int, generation: Int, index: Int, query: ListQuery)] {
        effects.compactMap {
            if case .fetchPage(let list, let ticket, let query, _) = $0 { (list.tab, list.generation, ticket.request.index, query) } else { nil }
        }
    }

    @Test func onlyTheShownTabAsksForItsFirstPage() async {
        let h = Harness(size: Size(columns: 100, rows: 30), start: false)
        let started = h.send(.start(Size(columns: 100, rows: 30)))
        #expect(pages(started).map(\.tab) == [0])
        #expect(pages(started).first?.query == ListQuery(kind: .character))
        await h.runner.drain(into: h.controller)
        let episodes = h.send(.key(.character("2")))
        #expect(pages(episodes).map(\.tab) == [1])
        #expect(pages(episodes).first?.query.kind == .episode)
        #expect(h.controller.activeTab == 1)
        await h.runner.drain(into: h.controller)
        // Back on 1: nothing asked; Tab and Shift-Tab cycle.
        #expect(h.send(.key(.character("1"))).isEmpty)
        #expect(h.controller.activeTab == 0)
        #expect(pages(h.send(.key(.backTab))).map(\.tab) == [2])
        #expect(h.controller.activeTab == 2)
        h.press(.tab)
        #expect(h.controller.activeTab == 0)
    }

    @Test func eachTabKeepsItsSelectionSearchAndPane() async {
        let h = Harness(size: Size(columns: 120, rows: 30))
        await h.runner.drain(into: h.controller)
        h.press(.right, .right)
        await h.search("smith")
        h.press(.right, .enter)
        await h.runner.drain(into: h.controller)
        let selected = h.controller.grid.selection
        let pane = h.controller.pane
        #expect(pane != nil)
        h.press(.character("2"))
        await h.runner.drain(into: h.controller)
        #expect(h.controller.pane == nil)
        h.press(.down)
        h.press(.character("1"))
        #expect(h.controller.grid.selection == selected)
        #expect(h.controller.pane === pane)
        #expect(h.controller.tab.searchText == "smith")
        #expect(h.screen().text.contains("name “smith”"))
        h.press(.escape)
        #expect(h.controller.pane == nil)
    }

    @Test func aPageForAnotherTabLandsInThatTabOnly() async throws {
        let h = Harness(size: Size(columns: 100, rows: 30))
        // Tab 1's first page is in flight when the user goes to tab 2.
        h.press(.character("2"))
        #expect(h.runner.count == 2)
        let characters = try #require(await h.runner.takeNext())
        h.send(.message(characters))
        #expect(h.controller.tabs[0].list.loadedPageCount == 1)
        #expect(h.controller.tabs[1].list.count == 0)
        await h.runner.drain(into: h.controller)
        #expect(h.controller.tabs[1].list.count == 51)
        #expect(h.controller.listView.loadedItems.allSatisfy { $0.kind == .episode })
    }

    @Test func aFilterChangeDropsTheOldGenerationsPage() async throws {
        let h = Harness(size: Size(columns: 100, rows: 30))
        let stale = try #require(await h.runner.takeNext())
        h.press(.character("f"), .right, .right, .enter)  // status: Dead
        let effects = h.runner.log
        let fresh = try #require(pages(effects).last)
        #expect(fresh.generation == 1)
        #expect(fresh.query.value("status") == "Dead")
        h.send(.message(stale))
        #expect(h.controller.list.count == 0, "the old generation's page is dropped")
        await h.runner.drain(into: h.controller)
        #expect(h.controller.listView.loadedItems.allSatisfy { $0.character?.status == .dead })
        #expect(h.transport.urls.contains { $0.contains("status=Dead") })
    }

    @Test func theFormCombinesWithTheNameSearchAndClears() async throws {
        let h = Harness(size: Size(columns: 140, rows: 30))
        await h.runner.drain(into: h.controller)
        await h.search("rick")
        h.press(.character("f"), .right, .right, .down, .down)
        h.type("Hum")
        h.press(.enter)
        #expect(h.controller.tab.query.pairs.map(\.0) == ["name", "status", "species"])
        await h.runner.drain(into: h.controller)
        #expect(h.controller.list.totalCount == h.controller.list.count)
        #expect(h.controller.listView.loadedItems.allSatisfy {
            guard let c = $0.character else { return false }
            return c.name.lowercased().contains("rick") && c.status == .dead && c.species.contains("Hum")
        })
        #expect(h.screen().text.contains("name “rick” · status Dead · species Hum"))
        // Esc leaves the list as it was; Ctrl-X clears every filter at once (not the name).
        h.press(.character("f"), .escape)
        #expect(!h.controller.form.isActive)
        h.press(.character("f"), .control("x"))
        #expect(h.controller.tab.query.pairs.map(\.0) == ["name"])
    }

    @Test func filtersFromTheCommandLineOpenTheTabFiltered() async {
        let h = Harness(size: Size(columns: 100, rows: 30), filters: [("status", "dead"), ("gender", "female")])
        await h.runner.drain(into: h.controller)
        h.press(.end)
        await h.runner.drain(into: h.controller)
        #expect(h.controller.list.totalCount == 43)
        #expect(h.controller.list.count == 43)
        #expect(h.transport.pageRequests == 3)
        #expect(h.screen().text.contains("43 / 43"))
    }

    /// A narrow terminal gives up the source label, then the other tabs' titles (cut with
    /// "…", at last to their numbers), then the API's title, before the filters are cut.
    @Test func theHeaderKeepsTheFiltersReadableOnANarrowTerminal() async {
        let filters = [("status", "dead"), ("gender", "female"), ("species", "Human")]
        let wide = Harness(size: Size(columns: 160, rows: 30), filters: filters)
        await wide.runner.drain(into: wide.controller)
        #expect(wide.screen().lines[0].hasPrefix(
            "portal · Rick and Morty  1 Characters  2 Episodes  3 Locations  · status dead · gender female · species Human · offline snapshot"))
        var header: [Int: String] = [:]
        for columns in [120, 100, 80] {
            let h = Harness(size: Size(columns: columns, rows: 30), filters: filters)
            await h.runner.drain(into: h.controller)
            header[columns] = h.screen().lines[0].trimmingCharacters(in: .whitespaces)
        }
        #expect(header[120] == "portal · Rick and Morty  1 Characters  2 Episodes  3 Locations  · status dead · gender female · species Human")
        #expect(header[100] == "portal · Rick and Morty  1 Characters  2 Epi…  3 Loc…  · status dead · gender female · species Human")
        #expect(header[80] == "portal  1 Characters  2  3  · status dead · gender female · species Human")
        let tiny = Harness(size: Size(columns: 60, rows: 30), filters: filters)
        await tiny.runner.drain(into: tiny.controller)
        #expect(tiny.screen().lines[0] == "portal  1 Characters  2  3  · status dead · gender female ·…")
    }

    @Test func storyOfStaleResultsAcrossTabsAndPanes() async throws {
        let h = Harness(size: Size(columns: 120, rows: 30))
        await h.runner.drain(into: h.controller)
        h.press(.enter)
        let rick = try #require(h.controller.pane)
        let episodes = try #require(await h.runner.takeNext())
        // Another tab's pane opens meanwhile; Rick's pane stays in tab 1's trail.
        h.press(.character("3"))
        await h.runner.drain(into: h.controller)
        h.press(.enter)
        h.send(.message(episodes))
        #expect(h.controller.pane?.item?.kind == .location)
        h.press(.character("1"))
        #expect(h.controller.pane === rick)
        if case .loaded(let list) = rick.related { #expect(list.count == 51) } else { Issue.record("Rick's episodes were dropped") }
    }
}
