import PortalCore
import PortalTestSupport
import PortalUI
import Testing

@MainActor
@Suite("Golden screens")
struct GoldenScreensMatchTheirFilesTests {
    func settled(_ size: Size) async -> Harness {
        let h = Harness(size: size)
        await h.runner.drain(into: h.controller)
        return h
    }

    @Test func grid100x30() async throws {
        let h = await settled(Size(columns: 100, rows: 30))
        let screen = h.screen()
        expectGolden(screen.text, "grid-100x30")
        // The selected card (Rick) is drawn in reverse video; its status mark is green.
        #expect(screen.text(row: 1, where: \.reverse).hasPrefix("Rick Sanchez"))
        let mark = try #require(screen.find("● Alive"))
        #expect(screen.style(row: mark.row, column: mark.column).foreground == .green)
        let dead = try #require(screen.find("● Dead"))
        #expect(screen.style(row: dead.row, column: dead.column).foreground == .red)
        #expect(screen.text(row: 0, where: \.bold).hasPrefix("portal"))
        // The active tab is marked in reverse video.
        #expect(screen.text(row: 0, where: \.reverse) == " 1 Characters ")
    }

    @Test func grid40x12() async {
        let h = await settled(Size(columns: 40, rows: 12))
        expectGolden(h.screen().text, "grid-40x12")
    }

    @Test func placeholdersWhilePagesAreInFlight() async throws {
        let h = Harness(size: Size(columns: 100, rows: 30))
        await h.runner.runNext(into: h.controller)
        h.press(.end)
        // The last card is selected at once; its page is in flight, drawn as placeholders.
        #expect(h.controller.grid.selection == 825)
        #expect(h.controller.list.pagesInFlight > 0)
        let screen = h.screen()
        #expect(screen.text.contains("loading…"))
        let placeholder = try #require(screen.find("loading…"))
        #expect(screen.style(row: placeholder.row, column: placeholder.column).dim)
        #expect(screen.text.contains("826 / 826 · page 42 · ⠼ loading…"))
        await h.runner.drain(into: h.controller)
        #expect(!h.screen().text.contains("loading…"))
        #expect(h.screen().text.contains("Butter Robot"))
    }

    @Test func loadingMoreRow() async {
        let h = Harness(size: Size(columns: 100, rows: 30), sequential: true)
        await h.runner.runNext(into: h.controller)
        // The first page is in, the second in flight (the viewport wants more).
        #expect(h.controller.list.pagesInFlight == 1)
        h.press(.end)
        let text = h.screen().text
        #expect(text.contains("loading more…"))
        #expect(text.contains("20 / 826 · page 1 · ⠙ loading…"))
    }

    @Test func detailPane() async {
        let h = await settled(Size(columns: 80, rows: 24))
        h.press(.enter)
        await h.runner.drain(into: h.controller)
        expectGolden(h.screen().text, "detail-80x24")
    }

    @Test func detailBesideGrid() async {
        let h = await settled(Size(columns: 120, rows: 30))
        h.press(.right, .enter)
        await h.runner.drain(into: h.controller)
        expectGolden(h.screen().text, "detail-beside-120x30")
    }

    @Test func episodeCards() async {
        let h = Harness(size: Size(columns: 100, rows: 30), tab: 1)
        await h.runner.drain(into: h.controller)
        expectGolden(h.screen().text, "episodes-100x30")
    }

    @Test func locationDetail() async {
        let h = Harness(size: Size(columns: 100, rows: 30), tab: 2)
        await h.runner.drain(into: h.controller)
        h.press(.enter)
        await h.runner.drain(into: h.controller)
        expectGolden(h.screen().text, "location-detail-100x30")
    }

    @Test func breadcrumb() async {
        let h = await settled(Size(columns: 120, rows: 30))
        h.press(.enter)
        await h.runner.drain(into: h.controller)
        h.press(.down, .down, .enter)  // Rick › S01E01 Pilot
        await h.runner.drain(into: h.controller)
        h.press(.down, .enter)  // › Morty Smith
        await h.runner.drain(into: h.controller)
        expectGolden(h.screen().text, "breadcrumb-120x30")
    }

    @Test func filterForm() async {
        let h = await settled(Size(columns: 100, rows: 30))
        h.press(.character("f"), .right, .right, .down, .right)
        expectGolden(h.screen().text, "filter-form-100x30")
    }

    @Test func helpOverlay() async {
        let h = await settled(Size(columns: 100, rows: 40))
        h.press(.character("?"))
        expectGolden(h.screen().text, "help-100x40")
    }

    @Test func tooSmall() async {
        let h = await settled(Size(columns: 29, rows: 8))
        expectGolden(h.screen().text, "too-small-29x8")
    }

    @Test func footerComesFromTheCommandTable() async {
        let h = await settled(Size(columns: 100, rows: 30))
        let footer = h.screen().lines.last!
        #expect(footer.trimmingCharacters(in: .whitespaces) == CommandTable.hints(for: .grid, tabCount: 3))
        h.press(.enter)
        #expect(h.screen().lines.last!.trimmingCharacters(in: .whitespaces) == CommandTable.hints(for: .detail, tabCount: 3))
    }
}
