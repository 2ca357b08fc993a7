import Foundation
import PortalCore
import PortalTestSupport
import PortalUI
import Testing

/// A same-origin link to a list (any API) opens as a paged list in the pane trail: its
/// first page, then the next one when the highlight nears the end (asked for by the
/// planner, once), each entry a link to its own item; Esc returns to exactly where the
/// user was.
@MainActor
@Suite("Any API: a linked list pages in its pane")
struct LinkedListPaneTests {
    static let base = "http://api.test:8000/v1"

    static func page(_ numbers: ClosedRange<Int>, next: String?) -> String {
        let entries = numbers.map { #"{"id":\#($0),"name":"repo \#($0)","url":"\#(base)/repos/\#($0)"}"# }.joined(separator: ",")
        return #"{"count":12,"next":\#(next.map { "\"\($0)\"" } ?? "null"),"results":[\#(entries)]}"#
    }

    static let answers: [String: HTTPResponse] = [
        "\(base)/people": .json(200, #"{"count":1,"next":null,"results":[{"id":7,"name":"Ada","repos_url":"\#(base)/people/7/repos"}]}"#),
        "\(base)/people/7/repos": .json(200, page(1...6, next: "\(base)/people/7/repos?page=2")),
        "\(base)/people/7/repos?page=2": .json(200, page(7...12, next: nil)),
        "\(base)/repos/3": .json(200, #"{"id":3,"name":"repo 3","stars":42}"#),
    ]

    func opened() async throws -> Harness {
        let url = try #require(URL(string: "\(Self.base)/people"))
        let first = try #require(Self.answers["\(Self.base)/people"])
        let source = AnyAPISource(pages: AnyAPIPages(url: url, dialect: try DialectDetector.detect(first, for: url)))
        let h = Harness(size: Size(columns: 100, rows: 40), inner: FixedTransport(answers: Self.answers), source: source)
        await h.runner.drain(into: h.controller)
        h.press(.enter)
        await h.runner.drain(into: h.controller)
        return h
    }

    func paneText(_ h: Harness) -> String {
        h.screen().lines.map { line in line.split(separator: "│", maxSplits: 1).dropFirst().first.map(String.init) ?? "" }
            .joined(separator: "\n")
    }

    @Test func aLinkedListOpensAsAListAndPagesAsTheHighlightNearsItsEnd() async throws {
        let h = try await opened()
        let ada = try #require(h.controller.pane)
        // ↓ to the repos link (the only stop), Enter: one request, the list's first page.
        #expect(ada.links.count == 1)
        h.press(.enter)
        await h.runner.drain(into: h.controller)
        #expect(h.transport.urls == ["\(Self.base)/people", "\(Self.base)/people/7/repos"])
        let list = try #require(h.controller.pane)
        #expect(h.controller.tab.panes.count == 2)
        var text = paneText(h)
        #expect(text.contains("6 of 12 items") && text.contains("repo 6") && !text.contains("repo 7"), "\(text)")
        #expect(text.contains("more below"))
        #expect(list.stops.count == 6 && list.links.count == 6)
        // Opening asked for nothing more; the highlight moving near the end asks for page 2, once.
        h.press(.down)
        h.press(.down)
        await h.runner.drain(into: h.controller)
        #expect(h.transport.urls.count == 3)
        #expect(h.transport.urls.last == "\(Self.base)/people/7/repos?page=2")
        text = paneText(h)
        #expect(text.contains("repo 7") && text.contains("repo 12") && !text.contains("more below"), "\(text)")
        // The count follows the pages that arrived (it said 6 of 12 after the second page too).
        #expect(text.contains("12 of 12 items"), "\(text)")
        #expect(list.stops.count == 12)
        // To the end and past it: the list is whole, nothing more is asked.
        for _ in 0..<15 { h.press(.down) }
        await h.runner.drain(into: h.controller)
        #expect(h.transport.urls.count == 3)
        // Each entry is a node (→ unfolds it) and a link to its item (Enter follows).
        for _ in 0..<20 { h.press(.up) }
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
        #expect(list.highlightedLine == before && list.listEntries == 12)
        #expect(paneText(h).contains("repo 12") && paneText(h).contains("repo 3    ▾ {3}"))
        h.press(.escape)
        #expect(h.controller.pane === ada)
        #expect(h.transport.urls.count == 4)
    }

    @Test func aPageThatFailsSaysSoAndRetriesOnR() async throws {
        var answers = Self.answers
        answers["\(Self.base)/people/7/repos?page=2"] = .json(500, "{}")
        let url = try #require(URL(string: "\(Self.base)/people"))
        let first = try #require(answers["\(Self.base)/people"])
        let source = AnyAPISource(pages: AnyAPIPages(url: url, dialect: try DialectDetector.detect(first, for: url)))
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
        let h = try await opened()
        let ada = try #require(h.controller.pane)
        h.press(.enter)
        await h.runner.drain(into: h.controller)
        let list = try #require(h.controller.pane)
        let effects = h.send(.key(.down)) + h.send(.key(.down))
        #expect(effects.filter { if case .fetchLink(list.address, .more, _) = $0 { true } else { false } }.count == 1)
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
    /// over, and its next page is asked again when the highlight nears the end (the item
    /// cache may answer it: a page is an item of its link).
    @Test func refreshingAListPaneStartsItsPagesOver() async throws {
        let h = try await opened()
        h.press(.enter)
        await h.runner.drain(into: h.controller)
        h.press(.down, .down)
        await h.runner.drain(into: h.controller)
        #expect(h.transport.count(containing: "page=2") == 1)
        h.press(.character("R"))
        await h.runner.drain(into: h.controller)
        #expect(h.transport.count(containing: "/people/7/repos") == 3)
        let list = try #require(h.controller.pane)
        #expect(list.listEntries == 6)
        for _ in 0..<3 { h.press(.down) }
        await h.runner.drain(into: h.controller)
        #expect(list.listEntries == 12 && paneText(h).contains("repo 12"))
        #expect(h.transport.count(containing: "page=2") <= 2)
    }
}
