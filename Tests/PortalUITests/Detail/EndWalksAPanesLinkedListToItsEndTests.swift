import Foundation
import PortalCore
import PortalTestSupport
import PortalUI
import Testing

/// End in a pane on a linked list that can only be walked (cursors, `next` links) walks
/// it to its end as the grid's End does, the highlight following the end; Esc stops the
/// walk; a page arriving lays out only its own entries. (The shapes and the harness are
/// `ALinkedListPagesInItsPaneTests`'.)
@MainActor
@Suite("Any API: End walks a pane's linked list to its end")
struct EndWalksAPanesLinkedListToItsEndTests {
    /// Ada's repos as a list of 120 in six pages of 20 linked by a cursor: End walks it.
    static let walked120: [String: HTTPResponse] = {
        var answers = ALinkedListPagesInItsPaneTests.answers
        for page in 1...6 {
            let url = "\(ALinkedListPagesInItsPaneTests.base)/people/7/repos" + (page == 1 ? "" : "?cursor=c\(page)")
            let next = page < 6 ? "\(ALinkedListPagesInItsPaneTests.base)/people/7/repos?cursor=c\(page + 1)" : nil
            answers[url] = .json(200, ALinkedListPagesInItsPaneTests.page((page - 1) * 20 + 1...page * 20, count: 120, next: next))
        }
        return answers
    }()

    /// End on a list that can only be walked (a cursor) walks to its end as the grid's
    /// End does: one page after another whatever the pane's screen, each asked once, the
    /// highlight following the end as pages arrive.
    @Test func endInAPaneOnACursorListWalksToItsEnd() async throws {
        let h = try await ALinkedListPagesInItsPaneTests().opened(Self.walked120, size: Size(columns: 100, rows: 14))
        h.press(.enter)
        await h.runner.drain(into: h.controller)
        let list = try #require(h.controller.pane)
        #expect(h.transport.count(containing: "/people/7/repos") == 1)
        h.press(.end)
        await h.runner.drain(into: h.controller)
        #expect(h.transport.count(containing: "/people/7/repos") == 6)
        #expect(h.transport.urls.last == "\(ALinkedListPagesInItsPaneTests.base)/people/7/repos?cursor=c6")
        #expect(list.listEntries == 120 && !list.listHasMore)
        let last = try #require(URL(string: "\(ALinkedListPagesInItsPaneTests.base)/repos/120"))
        #expect(list.highlightedLink == .url(ItemLink(url: last)))
        #expect(list.highlightedLine.map { $0 >= list.scroll && $0 < list.scroll + 14 } == true)
        #expect(ALinkedListPagesInItsPaneTests().paneText(h).contains("repo 120"), "\(ALinkedListPagesInItsPaneTests().paneText(h))")
    }

    /// A page arriving during a walk lays out only its own entries: the walk to 120 builds
    /// each entry's tree once (laying the whole list out again on every change built 820).
    @Test func aWalkLaysOutEachEntryOnce() async throws {
        let h = try await ALinkedListPagesInItsPaneTests().opened(Self.walked120, size: Size(columns: 100, rows: 14))
        h.press(.enter)
        await h.runner.drain(into: h.controller)
        let list = try #require(h.controller.pane)
        #expect(list.listEntriesLaidOut == 20)
        h.press(.end)
        await h.runner.drain(into: h.controller)
        _ = h.screen()
        #expect(list.listEntries == 120)
        #expect(list.listEntriesLaidOut == 120)
        // Folding an entry lays the list out again, once.
        h.press(.right)
        _ = h.screen()
        #expect(list.listEntriesLaidOut == 240)
    }

    /// Esc while End walks a list stops the walk (the pane stays; the page on its way still
    /// arrives) and nothing more is asked; Esc again goes back.
    @Test func escStopsAPanesWalk() async throws {
        let h = try await ALinkedListPagesInItsPaneTests().opened(Self.walked120, size: Size(columns: 100, rows: 14))
        h.press(.enter)
        await h.runner.drain(into: h.controller)
        let list = try #require(h.controller.pane)
        h.press(.end)
        await h.runner.runNext(into: h.controller)  // page 2 arrives; page 3 is asked
        #expect(h.runner.pending.paneListFetches.map(\.url) == ["\(ALinkedListPagesInItsPaneTests.base)/people/7/repos?cursor=c3"])
        h.press(.escape)
        #expect(h.controller.pane === list)
        await h.runner.drain(into: h.controller)
        #expect(h.transport.count(containing: "/people/7/repos") == 3)
        #expect(list.listEntries == 60 && list.listHasMore)
        h.press(.escape)
        #expect(h.controller.pane !== list)
    }
}
