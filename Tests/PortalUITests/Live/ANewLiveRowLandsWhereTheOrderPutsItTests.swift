import Foundation
import PortalCore
import PortalPresets
import PortalServers
import PortalTestSupport
@testable import PortalUI
import Testing
import PortalJSON

/// Where a pushed new record appears (issue 38, item 1): where the list's order puts it —
/// the top of a newest-first list (PostgREST `order=id.desc`), mid-list by a sorted field,
/// the end of an ascending list — marked `new`, with the selection on its record and, the
/// list scrolled, that record at the same screen row; in a part of the list not loaded it
/// is only counted. The PostgREST table of the snapshot through the real interpreter, the
/// changes delivered as the interpreter's tick delivers them.
@MainActor @Suite struct ANewLiveRowLandsWhereTheOrderPutsItTests {
    static let size = Size(columns: 100, rows: 30)

    /// The snapshot's characters as a PostgREST table in `order`, followed live, first
    /// pages loaded; in the table view (`t`) unless `cards`.
    static func harness(order: String = "id.desc", cards: Bool = false, maxPages: Int = 1_000) async throws -> (Harness, PostgRESTSource) {
        let source = PostgRESTSource(baseURL: SnapshotTransport.postgRESTBaseURL, table: "characters", order: try PostgRESTOrder(parsing: order))
        let h = Harness(size: size, inner: SortingAsksTheServerAndUndoesAnIgnoredOrderTests.postgREST, start: false, maxPages: maxPages, source: source)
        h.controller.following(LiveSubscription(.serverSentEvents(URL(string: "https://db.invalid/events")!), kind: source.kind))
        h.send(.start(size))
        await h.runner.drain(into: h.controller)
        if !cards { h.press(.character("t")) }
        await h.runner.drain(into: h.controller)
        return (h, source)
    }

    /// A new row as Realtime would push it: the loaded row at `index` under another id and name.
    static func created(_ h: Harness, _ source: PostgRESTSource, id: Int, name: String, like index: Int = 0) throws -> Item {
        let row = try #require(h.controller.list.item(at: index))
        var fields = try #require(try JSONSerialization.jsonObject(with: Data(row.apiJSON(baseURL: TestData.base).utf8)) as? [String: Any])
        fields["id"] = id
        fields["name"] = name
        let span = try JSONNode.parse(try JSONSerialization.data(withJSONObject: fields))
        return try #require(source.liveItem(source.kind, record: span))
    }

    static func push(_ h: Harness, _ items: Item...) {
        h.send(.message(.liveUpdates(tab: 0, items.map { LiveUpdate(kind: .created, key: $0.id, item: $0) })))
    }

    /// The screen row showing `text`, if one does.
    static func row(_ h: Harness, of text: String) -> Int? { h.screen().lines.firstIndex { $0.contains(text) } }

    /// The screen's lines but the status line (which counts what the feed did).
    static func rows(_ h: Harness) -> [String] { h.screen().lines.filter { !$0.contains(" · live") } }

    static func selectedName(_ h: Harness) throws -> String { try #require(h.controller.listView.selectedItem).cell("name") }

    @Test func newestFirstANewRowGoesToTheTopWhileScrolledDownAndNothingMoves() async throws {
        let (h, source) = try await Self.harness()
        for _ in 0..<30 { h.press(.down) }
        await h.runner.drain(into: h.controller)
        let name = try Self.selectedName(h)
        let (count, selection, offset) = (h.controller.list.count, try #require(h.controller.grid.selection), h.controller.grid.offsetRows)
        #expect(offset > 0, "scrolled down")
        let screenRow = try #require(Self.row(h, of: name))
        let before = Self.rows(h)
        Self.push(h, try Self.created(h, source, id: 9001, name: "Newest One"))
        #expect(h.controller.list.count == count + 1)
        #expect(h.controller.list.item(at: 0)?.cell("name") == "Newest One", "at the top")
        #expect(try Self.selectedName(h) == name && h.controller.grid.selection == selection + 1, "the selection on its record")
        #expect(Self.row(h, of: name) == screenRow, "its screen row unchanged")
        #expect(Self.rows(h) == before, "nothing on screen moved")
        #expect(h.screen().text.contains("live · connecting… · 1 new"))
        h.press(.character("g"))
        #expect(h.screen().lines.first { $0.contains("Newest One") }?.trimmingCharacters(in: .whitespaces).hasSuffix(" new") == true, "marked")
    }

    /// At the very top the grid stays at the top: the new row shows above, and the
    /// selection stays on its record (one row down).
    @Test func newestFirstAtTheVeryTopTheNewRowShowsAboveTheSelection() async throws {
        let (h, source) = try await Self.harness()
        h.press(.down, .down)
        let name = try Self.selectedName(h)
        let screenRow = try #require(Self.row(h, of: name))
        Self.push(h, try Self.created(h, source, id: 9002, name: "Newest Two"))
        #expect(h.controller.grid.offsetRows == 0)
        #expect(try Self.selectedName(h) == name && h.controller.grid.selection == 3)
        #expect(Self.row(h, of: name) == screenRow + 1, "its record one row down")
        let shown = try #require(Self.row(h, of: "Newest Two"))
        #expect(shown == screenRow - 2, "the first row, where the old first row was")
        #expect(h.screen().lines[shown].trimmingCharacters(in: .whitespaces).hasSuffix(" new"))
    }

    @Test func newestFirstInTheCardGridTheSelectedCardKeepsItsRow() async throws {
        let (h, source) = try await Self.harness(cards: true)
        for _ in 0..<12 { h.press(.down) }
        await h.runner.drain(into: h.controller)
        let name = try Self.selectedName(h)
        #expect(h.controller.grid.offsetRows > 0)
        let screenRow = try #require(Self.row(h, of: name))
        Self.push(h, try Self.created(h, source, id: 9003, name: "Newest Three"))
        #expect(h.controller.list.item(at: 0)?.cell("name") == "Newest Three")
        #expect(try Self.selectedName(h) == name)
        #expect(Self.row(h, of: name) == screenRow, "the selected card's screen row unchanged")
    }

    @Test func sortedByAFieldDescendingANewRowLandsMidList() async throws {
        let (h, source) = try await Self.harness(order: "id")
        h.press(.character("S"))  // name ↓, on the server
        await h.runner.drain(into: h.controller)
        let names = (0..<20).compactMap { h.controller.list.item(at: $0)?.cell("name") }
        let between = names[6] + " a"
        try #require(between.lowercased() > names[6].lowercased() && between.lowercased() < names[5].lowercased())
        let count = h.controller.list.count
        Self.push(h, try Self.created(h, source, id: 9004, name: between))
        #expect(h.controller.list.count == count + 1)
        #expect(h.controller.list.item(at: 6)?.cell("name") == between, "between \(names[5]) and \(names[6])")
        #expect(h.controller.list.item(at: 7)?.cell("name") == names[6])
        #expect(h.controller.grid.selection == 0 && h.controller.listView.selectedItem?.cell("name") == names[0])
        #expect(Self.row(h, of: between).map { h.screen().lines[$0].trimmingCharacters(in: .whitespaces).hasSuffix(" new") } == true)
    }

    /// Ascending ids, the end not loaded: the list grows by one at its end (the row comes
    /// with its page); nothing on screen moves.
    @Test func ascendingTheListGrowsAtItsEndAndNothingMoves() async throws {
        let (h, source) = try await Self.harness(order: "id")
        let before = Self.rows(h)
        let count = h.controller.list.count
        Self.push(h, try Self.created(h, source, id: 9005, name: "Last One"))
        #expect(h.controller.list.count == count + 1)
        #expect(h.controller.list.item(at: 0)?.cell("name") == "Rick Sanchez")
        #expect(Self.rows(h) == before)
        #expect(h.controller.tab.live?.waiting == 0)
    }

    /// After End (`G`) the list is held sparse: its first pages and its last. A new row at
    /// the top goes in above them; the rows at the end move one index on with the
    /// selection, and the screen stays as it was.
    @Test func aSparseListAfterAJumpTakesTheNewRowAtTheTop() async throws {
        let (h, source) = try await Self.harness()
        let first = try Self.created(h, source, id: 9006, name: "Newest Six")
        h.press(.character("G"))
        await h.runner.drain(into: h.controller)
        let count = h.controller.list.count
        let name = try Self.selectedName(h)
        let screenRow = try #require(Self.row(h, of: name))
        let before = Self.rows(h)
        #expect(h.controller.list.item(at: count / 2) == nil, "the middle is not loaded")
        Self.push(h, first)
        #expect(h.controller.list.item(at: 0) == first)
        #expect(h.controller.list.count == count + 1)
        #expect(try Self.selectedName(h) == name && h.controller.grid.selection == count)
        #expect(Self.row(h, of: name) == screenRow)
        #expect(Self.rows(h) == before)
    }

    /// Its first page no longer held, a newest-first list cannot show a row at its top:
    /// counted, `R` shows it.
    @Test func aNewRowInAPartNotLoadedIsCountedForR() async throws {
        let (h, source) = try await Self.harness(maxPages: 3)
        let first = try Self.created(h, source, id: 9007, name: "Newest Seven")
        h.press(.character("G"))
        await h.runner.drain(into: h.controller)
        #expect(h.controller.list.item(at: 0) == nil, "the first page was let go")
        let count = h.controller.list.count
        let before = Self.rows(h)
        Self.push(h, first)
        #expect(h.controller.list.count == count)
        #expect(Self.rows(h) == before)
        #expect(h.screen().text.contains("1 new · R shows 1 more"))
    }

    /// A row put far below the screen: no row drawn changes, no page is asked for; only
    /// the status line counts it.
    @Test func aNewRowFarOffScreenDrawsNothing() async throws {
        let (h, source) = try await Self.harness(order: "name")
        let shown = h.controller.grid.visibleRange
        let far = shown.upperBound + 10
        let name = try #require(h.controller.list.item(at: far)?.cell("name")) + " a"
        try #require(h.controller.list.item(at: far + 1).map { $0.cell("name").lowercased() > name.lowercased() } == true)
        let before = Self.rows(h)
        let record = try Self.created(h, source, id: 9008, name: name)
        let effects = h.send(.message(.liveUpdates(tab: 0, [LiveUpdate(kind: .created, key: record.id, item: record)])))
        #expect(h.controller.list.item(at: far + 1)?.cell("name") == name)
        #expect(!effects.contains { if case .fetchPage = $0 { true } else { false } }, "no page asked for")
        #expect(Self.rows(h) == before, "no row drawn differently")
    }

    /// The server's rows move again before the pages past a gap come back (one more
    /// created above than the feed told, three deleted): a page puts the selected record
    /// elsewhere, and the selection follows it there, at the same screen row.
    @Test func aPageThatComesLaterKeepsTheSelectionOnItsRecord() async throws {
        let server = LiveRowsServer(Array(1...1_000))
        let source = PostgRESTSource(baseURL: BaseURL("https://x.supabase.co/rest/v1"), table: "t", order: try PostgRESTOrder(parsing: "id.desc"))
        let h = Harness(size: Self.size, inner: server, start: false, source: source)
        h.controller.following(LiveSubscription(.serverSentEvents(URL(string: "https://x.supabase.co/events")!), kind: source.kind))
        h.send(.start(Self.size))
        await h.runner.drain(into: h.controller)
        h.press(.character("t"), .character("G"), .up, .up, .up, .up, .up)
        await h.runner.drain(into: h.controller)
        #expect(try Self.selectedName(h) == "p6" && h.controller.grid.selection == 994)
        #expect(h.controller.list.item(at: 500) == nil, "held sparse")
        let screenRow = try #require(Self.row(h, of: " p6 "))
        server.set(Array(1...1_002).filter { ![499, 500, 501].contains($0) })
        let span = try JSONNode.parse(Data(#"{"id":1001,"name":"p1001","height":1,"weight":1,"base_experience":1,"types":[]}"#.utf8))
        Self.push(h, try #require(source.liveItem(source.kind, record: span)))
        #expect(h.controller.list.item(at: 0)?.cell("name") == "p1001")
        #expect(try Self.selectedName(h) == "p6" && h.controller.grid.selection == 995)
        #expect(Self.row(h, of: " p6 ") == screenRow)
        await h.runner.drain(into: h.controller)  // the pages past the gap, asked again
        #expect(h.controller.list.count == 999, "the server's total")
        #expect(try Self.selectedName(h) == "p6" && h.controller.grid.selection == 993)
        #expect(h.controller.list.item(at: 992)?.cell("name") == "p7" && h.controller.list.item(at: 998)?.cell("name") == "p1")
        #expect(Self.row(h, of: " p6 ") == screenRow)
    }
}
