import Foundation
import PortalCore
import PortalPresets
import PortalServers
import PortalTestSupport
import PortalUI
import Testing
import PortalPaging
import PortalREST

/// The table view (`t`): a header row and one row per item, drawn from the tab's grid
/// state laid out one column wide and one row high, so selection, jumps, placeholders and
/// the page planner are the cards' own; ←/→ pick (and scroll to) a column.
@MainActor
@Suite("Table view")
struct TheTableViewShowsColumnsAndPlaceholdersTests {
    @Test func tShowsTheCharactersAsATableWithAHeader() async {
        let h = Harness(size: Size(columns: 100, rows: 30))
        await h.runner.drain(into: h.controller)
        h.press(.down, .character("t"))
        await h.runner.drain(into: h.controller)
        let screen = h.screen()
        expectGolden(screen.text, "table-100x30")
        // The selection stayed on its item (the second row now) and the grid is one column of one-row cards.
        #expect(h.controller.grid.selection == 3)
        #expect(h.controller.grid.state.columns == 1 && h.controller.grid.state.cardHeight == 1)
        #expect(screen.text(row: 5, where: \.reverse).contains("Beth Smith"))
        #expect(screen.lines[1].contains("id") && screen.lines[1].contains("name") && screen.lines[1].contains("species"))
        h.press(.character("t"))
        #expect(h.screen().text.contains("● Alive"))
    }

    @Test func leftAndRightPickAColumnAndScrollTheHeaderWithTheRows() async {
        let h = Harness(size: Size(columns: 50, rows: 16))
        await h.runner.drain(into: h.controller)
        h.press(.character("t"))
        #expect(h.controller.tab.table.selected?.key == "name")
        h.press(.right, .right, .right, .right, .right)
        #expect(h.controller.tab.table.selected?.key == "origin")
        #expect(h.controller.tab.table.firstColumn > 0)
        let screen = h.screen()
        expectGolden(screen.text, "table-columns-50x16")
        #expect(screen.lines[1].hasPrefix("‹"))
        #expect(!screen.lines[2].contains("Rick Sanchez"), "the name column scrolled off with the header")
        #expect(screen.lines[2].contains("Earth (C-137)"))
        // Back to the first column: everything scrolls back.
        h.press(.left, .left, .left, .left, .left, .left, .left)
        #expect(h.controller.tab.table.selected?.key == "id" && h.controller.tab.table.firstColumn == 0)
        #expect(h.screen().lines[2].contains("Rick Sanchez"))
        // ↑↓ still move the selection, one row at a time.
        h.press(.down, .down)
        #expect(h.controller.grid.selection == 2)
    }

    @Test func rowsNotLoadedAreDimPlaceholdersAfterAJump() async {
        let h = Harness(size: Size(columns: 100, rows: 30))
        await h.runner.drain(into: h.controller)
        h.press(.character("t"))
        h.type(":500")
        h.press(.enter)
        let screen = h.screen()
        expectGolden(screen.text, "table-placeholders-100x30")
        #expect(screen.text.contains("loading…"))
        #expect(screen.text.contains("500 / 826 · page 25"))
        await h.runner.drain(into: h.controller)
        #expect(h.controller.listView.selectedItem?.rawID == 500)
        #expect(!h.screen().text.contains("loading…"))
    }

    @Test func eachTabKeepsItsOwnChoice() async {
        let h = Harness(size: Size(columns: 100, rows: 30))
        await h.runner.drain(into: h.controller)
        h.press(.character("t"), .character("2"))
        await h.runner.drain(into: h.controller)
        #expect(!h.controller.tab.table.isShown && h.controller.grid.state.columns == 3)
        h.press(.character("1"))
        #expect(h.controller.tab.table.isShown && h.controller.grid.state.columns == 1)
    }

    @Test func theTableAsksForNoPictures() async {
        let h = Harness(size: Size(columns: 100, rows: 30), start: false, pictures: .symbols)
        h.press(.character("t"))
        h.send(.start(Size(columns: 100, rows: 30)))
        _ = h.screen()
        await h.runner.drain(into: h.controller)
        _ = h.screen()
        h.press(.pageDown)
        await h.runner.drain(into: h.controller)
        #expect(h.controller.tab.table.isShown)
        #expect(!h.transport.urls.contains { $0.contains("/avatar/") }, "\(h.transport.urls)")
    }

    /// `G` in the table on a million items: the pages on screen and one ahead, as the cards.
    @Test func endOnAMillionRowsIsAtMostThreeRequests() async throws {
        let server = try DialectTransport(scale: 1_000_000)
        let url = DialectTransport.url(.pages)
        let first = try await server.send(HTTPRequest(url: url))
        let source = AnyAPISource(pages: AnyAPIPages(url: url, reading: try DialectDetector.detect(first, for: url)))
        let h = Harness(size: Size(columns: 100, rows: 30), inner: server, source: source)
        await h.runner.drain(into: h.controller)
        h.press(.character("t"))
        await h.runner.drain(into: h.controller)
        #expect(h.controller.grid.state.columns == 1 && h.controller.grid.state.viewportRows == 26)
        let before = h.transport.count
        h.press(.character("G"))
        await h.runner.drain(into: h.controller)
        #expect(h.controller.grid.selection == 999_999)
        #expect(h.transport.count - before <= 3, "\(h.transport.urls.dropFirst(before))")
        let text = h.screen().text
        #expect(text.contains("1,000,000 / 1,000,000"))
        #expect(!text.contains("loading…"))
    }
}

/// The table's arithmetic: widths in display columns, the first column that shows the
/// selected one.
@Suite("Table layout")
struct TableLayoutTests {
    @Test func widthsAreDisplayColumnsOfTheWidestCellWithinBounds() {
        let row = Row(id: "1", columns: [("id", .number("1")), ("name", .string("東京都")), ("note", .string(String(repeating: "x", count: 80)))],
                      json: "{}")
        let item = TableItems.row(row, kind: ItemKind(rawValue: "t"))
        let widths = TableLayout.widths([TableColumn("id"), TableColumn("name"), TableColumn("note")], items: [item], header: \.title)
        // "id" is 2 wide: the minimum 3; three wide characters are 6 columns; a long cell stops at the maximum.
        #expect(widths == [TableLayout.minWidth, 6, TableLayout.maxWidth])
    }

    @Test func theFirstColumnMovesOnlyAsFarAsTheSelectedOneNeeds() {
        let widths = [10, 10, 10, 10, 10]  // each 10, gaps of 2: 34 columns for three
        #expect(TableLayout.firstColumn(from: 0, showing: 2, widths: widths, width: 34) == 0)
        #expect(TableLayout.firstColumn(from: 0, showing: 3, widths: widths, width: 34) == 1)
        #expect(TableLayout.firstColumn(from: 0, showing: 4, widths: widths, width: 34) == 2)
        // Going back left: the selected column becomes the first.
        #expect(TableLayout.firstColumn(from: 2, showing: 1, widths: widths, width: 34) == 1)
        // A column wider than the screen is shown from its start.
        #expect(TableLayout.firstColumn(from: 0, showing: 4, widths: [10, 10, 10, 10, 99], width: 34) == 4)
        #expect(TableLayout.firstColumn(from: 3, showing: 9, widths: [], width: 34) == 0)
    }

    @Test func serverTextInACellIsSanitised() {
        let row = Row(id: "1", columns: [("name", .string("evil\u{1B}[2Jname"))], json: "{}")
        let cell = TableItems.row(row, kind: ItemKind(rawValue: "t")).cell("name")
        #expect(!cell.unicodeScalars.contains { $0.value == 0x1B })
    }
}
