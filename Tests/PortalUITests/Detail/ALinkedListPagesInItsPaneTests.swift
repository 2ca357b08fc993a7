import Foundation
import PortalCore
import PortalTestSupport
import PortalUI
import Testing
import PortalPaging
import PortalREST

/// A same-origin link to a list (any API) opens as a paged list in the pane trail, on the
/// grid's engine: where its dialect addresses pages (a page number here) every entry has
/// its row from the start and the pages the pane's screen shows are asked, no others; a
/// list that only links its next page (a cursor) walks as the screen reaches its end.
/// Each entry is a link to its own item; Esc returns to exactly where the user was.
@MainActor
@Suite("Any API: a linked list pages in its pane")
struct ALinkedListPagesInItsPaneTests {
    static let base = "http://api.test:8000/v1"

    static func page(_ numbers: ClosedRange<Int>, count: Int = 12, next: String?) -> String {
        let entries = numbers.map { #"{"id":\#($0),"name":"repo \#($0)","url":"\#(base)/repos/\#($0)"}"# }.joined(separator: ",")
        return #"{"count":\#(count),"next":\#(next.map { "\"\($0)\"" } ?? "null"),"results":[\#(entries)]}"#
    }

    static let answers: [String: HTTPResponse] = [
        "\(base)/people": .json(200, #"{"count":1,"next":null,"results":[{"id":7,"name":"Ada","repos_url":"\#(base)/people/7/repos"}]}"#),
        "\(base)/people/7/repos": .json(200, page(1...6, next: "\(base)/people/7/repos?page=2")),
        "\(base)/people/7/repos?page=2": .json(200, page(7...12, next: nil)),
        "\(base)/repos/3": .json(200, #"{"id":3,"name":"repo 3","stars":42}"#),
    ]

    /// Ada's repos as a list of 200 in pages of 20 by number (`?page=N`).
    static let numbered: [String: HTTPResponse] = {
        var answers = Self.answers
        for page in 1...10 {
            let url = "\(base)/people/7/repos" + (page == 1 ? "" : "?page=\(page)")
            let next = page < 10 ? "\(base)/people/7/repos?page=\(page + 1)" : nil
            answers[url] = .json(200, Self.page((page - 1) * 20 + 1...page * 20, count: 200, next: next))
        }
        return answers
    }()

    /// Ada's repos as a list of 40 in two pages linked by a cursor: it can only be walked.
    static let walked: [String: HTTPResponse] = {
        var answers = Self.answers
        answers["\(base)/people/7/repos"] = .json(200, page(1...20, count: 40, next: "\(base)/people/7/repos?cursor=c2"))
        answers["\(base)/people/7/repos?cursor=c2"] = .json(200, page(21...40, count: 40, next: nil))
        return answers
    }()

    func opened(_ answers: [String: HTTPResponse] = Self.answers, size: Size = Size(columns: 100, rows: 40)) async throws -> Harness {
        let url = try #require(URL(string: "\(Self.base)/people"))
        let first = try #require(answers["\(Self.base)/people"])
        let source = AnyAPISource(pages: AnyAPIPages(url: url, reading: try DialectDetector.detect(first, for: url)))
        let h = Harness(size: size, inner: FixedTransport(answers: answers), source: source)
        await h.runner.drain(into: h.controller)
        h.press(.enter)
        await h.runner.drain(into: h.controller)
        return h
    }

    /// Ada's pane, then her repos' link followed (its answer not run yet).
    func following(_ answers: [String: HTTPResponse], size: Size) async throws -> Harness {
        let h = try await opened(answers, size: size)
        h.press(.enter)
        return h
    }

    func paneText(_ h: Harness) -> String {
        h.screen().lines.map { line in line.split(separator: "│", maxSplits: 1).dropFirst().first.map(String.init) ?? "" }
            .joined(separator: "\n")
    }

    @Test func aWalkedListOpensAsAListAndPagesAsThePanesScreenReachesItsEnd() async throws {
        let h = try await opened(Self.walked, size: Size(columns: 100, rows: 14))
        let ada = try #require(h.controller.pane)
        #expect(ada.links.count == 1)
        h.press(.enter)
        await h.runner.drain(into: h.controller)
        #expect(h.transport.urls == ["\(Self.base)/people", "\(Self.base)/people/7/repos"])
        let list = try #require(h.controller.pane)
        #expect(h.controller.tab.panes.count == 2)
        var text = paneText(h)
        #expect(text.contains("20 of 40 items") && text.contains("repo 6") && !text.contains("repo 21"), "\(text)")
        #expect(list.stops.count == 20 && list.links.count == 20 && list.listEntries == 20)
        // Opening asked for nothing more: the pane's screen is far from the list's end.
        // The highlight moving down brings the end near the screen: the next page, once.
        for _ in 0..<17 { h.press(.down) }
        await h.runner.drain(into: h.controller)
        #expect(h.transport.urls.count == 3)
        #expect(h.transport.urls.last == "\(Self.base)/people/7/repos?cursor=c2")
        #expect(list.listEntries == 40 && list.stops.count == 40)
        // To the end and past it: the list is whole, nothing more is asked.
        for _ in 0..<45 { h.press(.down) }
        await h.runner.drain(into: h.controller)
        text = paneText(h)
        #expect(text.contains("repo 40") && !text.contains("more below"), "\(text)")
        #expect(h.transport.urls.count == 3)
        // Each entry is a node (→ unfolds it) and a link to its item (Enter follows).
        for _ in 0..<45 { h.press(.up) }
        h.press(.down, .down)
        #expect(list.highlightedLink == .url(ItemLink(url: try #require(URL(string: "\(Self.base)/repos/3")))))
        let before = list.highlightedLine
        h.press(.right)
        #expect(paneText(h).contains("repo 3    ▾ {3}") && paneText(h).contains("  url "), "\(paneText(h))")
        h.press(.enter)
        await h.runner.drain(into: h.controller)
        #expect(h.transport.urls.last == "\(Self.base)/repos/3" && h.transport.urls.count == 4)
        #expect(paneText(h).contains("stars") && paneText(h).contains("42"))
        // Esc: the list exactly as it was (both pages, the unfolded entry, the highlight).
        h.press(.escape)
        #expect(h.controller.pane === list)
        #expect(list.highlightedLine == before && list.listEntries == 40)
        #expect(paneText(h).contains("repo 3    ▾ {3}"))
        h.press(.escape)
        #expect(h.controller.pane === ada)
        #expect(h.transport.urls.count == 4)
    }

    /// A page-number list of 200 in a pane: its first answer (the link's) makes it
    /// addressable, as a grid's first page does. End asks the last page only, Home asks
    /// nothing (the first page is in), PgDn asks the page it reaches.
    @Test func endInAPaneOnAPageNumberListAsksTheLastPageOnly() async throws {
        let h = try await opened(Self.numbered, size: Size(columns: 100, rows: 14))
        h.press(.enter)
        await h.runner.drain(into: h.controller)
        let list = try #require(h.controller.pane)
        #expect(h.transport.count(containing: "/people/7/repos") == 1)
        #expect(paneText(h).contains("20 of 200 items"), "\(paneText(h))")
        let end = h.send(.key(.end))
        #expect(end.paneListFetches.map(\.url) == ["\(Self.base)/people/7/repos?page=10"])
        await h.runner.drain(into: h.controller)
        #expect(h.transport.count(containing: "/people/7/repos") == 2)
        #expect(paneText(h).contains("repo 200") && list.listEntries == 40, "\(paneText(h))")
        // The highlight came onto the screen with the page that arrived.
        #expect(list.highlightedLine.map { $0 >= list.scroll } == true && list.highlightedLink != nil)
        h.press(.home)
        await h.runner.drain(into: h.controller)
        #expect(h.transport.count(containing: "/people/7/repos") == 2)
        #expect(paneText(h).contains("40 of 200 items"), "\(paneText(h))")
        h.press(.pageDown, .pageDown)
        await h.runner.drain(into: h.controller)
        #expect(h.transport.urls.last == "\(Self.base)/people/7/repos?page=2")
        #expect(h.transport.count(containing: "/people/7/repos") == 3)
    }

    /// ↑ from the end goes up one row at a time through rows not loaded yet (a stop each,
    /// as the grid's placeholders), never jumping to the last entry loaded above them.
    @Test func upFromTheEndMovesThroughRowsNotLoadedYet() async throws {
        let h = try await opened(Self.numbered, size: Size(columns: 100, rows: 14))
        h.press(.enter)
        await h.runner.drain(into: h.controller)
        let list = try #require(h.controller.pane)
        h.press(.end)
        await h.runner.drain(into: h.controller)
        let line = try #require(list.highlightedLine)
        for _ in 0..<25 { h.press(.up) }
        #expect(list.highlightedLine == line - 25)
        #expect(list.highlightedLine.map { $0 >= list.scroll } == true)
        await h.runner.drain(into: h.controller)
        #expect(h.transport.urls.last == "\(Self.base)/people/7/repos?page=9")
    }

    /// End, then Home before the last page answered: the page is far from the pane's
    /// screen, so it is given up (`cancelPanePage`) as a grid's page is, and not asked
    /// again until the screen comes back to it.
    @Test func aPageInFlightFarFromThePanesScreenIsCancelled() async throws {
        let h = try await opened(Self.numbered, size: Size(columns: 100, rows: 14))
        h.press(.enter)
        await h.runner.drain(into: h.controller)
        let list = try #require(h.controller.pane)
        #expect(h.send(.key(.end)).paneListFetches.count == 1)
        let home = h.send(.key(.home))
        let cancelled = home.compactMap { if case .cancelPanePage(list.address, let key) = $0 { key.page } else { nil } }
        #expect(cancelled == [9])
        #expect(h.runner.isEmpty)
        await h.runner.drain(into: h.controller)
        #expect(h.transport.count(containing: "page=10") == 0)
        // Back at the end: asked again.
        h.press(.end)
        await h.runner.drain(into: h.controller)
        #expect(h.transport.count(containing: "page=10") == 1)
        #expect(paneText(h).contains("repo 200"))
    }

    /// `R` while a page of the list is on its way: the list starts over as a new list, and
    /// the old list's late answer lands in nothing (the new list asks that page itself).
    @Test func refreshingDropsALateAnswerOfTheListItReplaced() async throws {
        let h = try await opened(Self.numbered, size: Size(columns: 100, rows: 14))
        h.press(.enter)
        await h.runner.drain(into: h.controller)
        let list = try #require(h.controller.pane)
        h.press(.end)
        let late = try #require(await h.runner.takeNext())  // the old list's page 10, held back
        h.press(.character("R"))
        await h.runner.runNext(into: h.controller)  // the list's first page again: a new list
        let asked = h.runner.pending.paneListFetches
        #expect(asked.map(\.url) == ["\(Self.base)/people/7/repos?page=10"])
        h.runner.enqueue(h.controller.update(.message(late)))
        #expect(!paneText(h).contains("repo 200"), "\(paneText(h))")
        #expect(list.listEntries == 20)
        await h.runner.drain(into: h.controller)
        #expect(paneText(h).contains("repo 200") && list.listEntries == 40)
    }

    @Test func aPageThatFailsSaysSoAndRetriesOnR() async throws {
        var answers = Self.answers
        answers["\(Self.base)/people/7/repos?page=2"] = .json(500, "{}")
        let url = try #require(URL(string: "\(Self.base)/people"))
        let first = try #require(answers["\(Self.base)/people"])
        let source = AnyAPISource(pages: AnyAPIPages(url: url, reading: try DialectDetector.detect(first, for: url)))
        let h = Harness(size: Size(columns: 100, rows: 40), inner: FixedTransport(answers: answers), source: source)
        await h.runner.drain(into: h.controller)
        h.press(.enter)
        await h.runner.drain(into: h.controller)
        h.press(.enter)
        await h.runner.drain(into: h.controller)
        h.press(.down, .down)
        await h.runner.drain(into: h.controller)
        #expect(paneText(h).contains("error — r to retry"))
        #expect(h.transport.count(containing: "page=2") == 1)
        // What was loaded stays: the first page's entries are all still there.
        #expect(paneText(h).contains("repo 1") && paneText(h).contains("repo 6"), "\(paneText(h))")
        h.press(.down)
        await h.runner.drain(into: h.controller)
        #expect(h.transport.count(containing: "page=2") == 1)  // not again until r
        h.press(.character("r"))
        await h.runner.drain(into: h.controller)
        #expect(h.transport.count(containing: "page=2") == 2)
    }

    /// Esc while the next page is on its way: the pane's work is cancelled (one
    /// `cancel` for its address), and the page, answered anyway, is dropped: the pane
    /// below shows nothing of it and nothing more is asked.
    @Test func closingThePaneCancelsItsNextPage() async throws {
        let h = try await following(Self.answers, size: Size(columns: 100, rows: 40))
        let ada = try #require(h.controller.tab.panes.first)
        await h.runner.runNext(into: h.controller)  // the list's first page; its screen shows page 2's rows
        let list = try #require(h.controller.pane)
        #expect(list !== ada)
        #expect(h.runner.pending.paneListFetches.filter { $0.pane == list.address }.count == 1)
        #expect(h.runner.count == 1)
        let closed = h.send(.key(.escape))
        #expect(closed.contains(.cancel(list.address)))
        #expect(h.controller.pane === ada)
        await h.runner.drain(into: h.controller)
        #expect(h.controller.pane === ada && list.listEntries == 6)
        #expect(h.transport.count(containing: "page=2") <= 1)
        #expect(h.runner.isEmpty)
    }

    /// `R` on a list pane asks its first page again, past the caches: the list starts
    /// over, and the pages its screen shows are asked again (the item cache may answer
    /// them: a page is an item of its link).
    @Test func refreshingAListPaneStartsItsPagesOver() async throws {
        let h = try await opened()
        h.press(.enter)
        await h.runner.drain(into: h.controller)
        #expect(h.transport.count(containing: "page=2") == 1)
        let list = try #require(h.controller.pane)
        #expect(list.listEntries == 12)
        h.press(.character("R"))
        await h.runner.drain(into: h.controller)
        #expect(h.transport.count(containing: "/people/7/repos") - h.transport.count(containing: "page=2") == 2)
        #expect(list.listEntries == 12 && paneText(h).contains("repo 12"))
        #expect(h.transport.count(containing: "page=2") <= 2)
    }
}
