import Foundation
import PortalCore
import PortalTestSupport
@testable import PortalUI
import Testing

@MainActor
@Suite("The picture in the detail pane")
struct ThePanesPictureIsFetchedOnceAndFitsThePaneTests {
    /// Characters loaded with pictures on but none on cards (`p`), so only the pane asks.
    func loaded(_ size: Size = Size(columns: 80, rows: 24), inner: any Transport = TestData.snapshot,
                mode: PictureMode = .symbols) async -> Harness {
        let h = Harness(size: size, inner: inner, pictures: mode)
        h.press(.character("p"))
        await h.runner.drain(into: h.controller)
        #expect(h.transport.avatarRequests == 0)
        return h
    }

    @Test func openingRickFetchesHisAvatarOnceAndDrawsItInBlocks() async {
        let h = await loaded()
        h.press(.enter)
        await h.runner.drain(into: h.controller)
        #expect(h.transport.avatarRequests == 1)
        #expect(h.transport.episodeRequests == 1)
        #expect(h.transport.urls.contains("https://rickandmortyapi.com/api/character/avatar/1.jpeg"))
        #expect(h.runner.pictureFetches.count == 1)
        let screen = h.screen()
        // 80 × 24: the pane is over the grid, 78 columns of text → a 20 × 10 picture at the
        // top right, the episodes still listed below it.
        let cells = screen.pictureCells
        #expect(cells.count == 20 * 10)
        #expect(Set(cells.map(\.row)) == Set(1...10))
        #expect(Set(cells.map(\.column)) == Set(59...78))
        #expect(screen.text.contains("S01E01 Pilot"))
        #expect(screen.text.contains("Rick Sanchez"))
        // libchafa's blocks: more than the one half block the old renderer drew.
        let symbols = Set(cells.map { screen.cell(row: $0.row, column: $0.column).text })
        #expect(symbols.count > 3)
        // Reopening costs no request.
        h.press(.escape, .enter)
        await h.runner.drain(into: h.controller)
        #expect(h.transport.avatarRequests == 1)
        #expect(h.transport.episodeRequests == 1)
        #expect(h.screen().pictureCells.count == 200)
        expectGolden(h.screen().text, "detail-picture-80x24")
    }

    /// 120 × 30: the pane beside the grid is 46 columns wide, so the picture is 18 × 9
    /// (two fifths of it); it was 16 × 8.
    @Test func besideTheGridItIsSmaller() async {
        let h = await loaded(Size(columns: 120, rows: 30))
        h.press(.right, .enter)  // Morty: his avatar 2.jpeg is a PNG
        await h.runner.drain(into: h.controller)
        #expect(h.transport.urls.contains { $0.hasSuffix("/character/avatar/2.jpeg") })
        let screen = h.screen()
        #expect(screen.pictureCells.count == 18 * 9)
        // The text beside it is cut short, never drawn over.
        #expect(screen.text.contains("Morty Smith"))
        #expect(screen.text.contains("Episodes  51 of 51"))
    }

    @Test func tooSmallAPaneShowsNoPicture() async {
        let h = await loaded(Size(columns: 40, rows: 12))
        h.press(.enter)
        await h.runner.drain(into: h.controller)
        #expect(h.screen().pictureCells.isEmpty)
        #expect(h.screen().text.contains("Rick Sanchez"))
    }

    @Test func withoutColourThePaneSaysWhy() async {
        let h = await loaded()
        h.press(.enter)
        await h.runner.drain(into: h.controller)
        for count in [0, 8] {
            let screen = h.screen(colorCount: count)
            #expect(screen.pictureCells.isEmpty)
            #expect(screen.text.contains("no colour for"))
            #expect(screen.text.contains("pictures"))
            #expect(!screen.text.contains("shown"))
        }
        // Once a frame went to a screen without 256 colours, nothing more is asked for.
        let asked = h.transport.avatarRequests
        h.press(.escape, .right, .enter)
        await h.runner.drain(into: h.controller)
        #expect(h.transport.avatarRequests == asked)
        #expect(h.screen(colorCount: 8).text.contains("no colour for"))
        // With pictures off nothing is asked and the pane is the recorded one.
        let plain = Harness(size: Size(columns: 80, rows: 24), pictures: .off)
        await plain.runner.drain(into: plain.controller)
        plain.press(.enter)
        await plain.runner.drain(into: plain.controller)
        #expect(plain.transport.avatarRequests == 0)
        #expect(plain.runner.pictureFetches.isEmpty)
        expectGolden(plain.screen().text, "detail-80x24")
    }

    @Test func aPictureForAClosedPaneIsDropped() async throws {
        let h = await loaded()
        h.press(.enter)
        // Rick's picture is asked for, then the pane closes before it runs.
        let ticket = try #require(h.runner.pictureFetches.last)
        h.press(.escape)
        #expect(h.runner.pictureCancels == [ticket])
        let late = await h.controller.update(.message(.picture(ticket, h.runner.interpreter.fetchPicture(ticket.request), rendered: [:])))
        #expect(late.isEmpty)
        #expect(h.controller.pictures.entry(ticket) == nil)
        // Opening again asks again and draws it.
        h.press(.enter)
        await h.runner.drain(into: h.controller)
        #expect(h.screen().pictureCells.count == 200)
    }

    @Test func anotherCharactersPictureNeverShows() async throws {
        let h = await loaded(Size(columns: 120, rows: 30))
        h.press(.enter)  // Rick
        let rick = try #require(h.runner.pictureFetches.last)
        #expect(rick.item == ItemKey(.character, 1))
        h.press(.escape, .right, .enter)  // Morty
        let morty = try #require(h.runner.pictureFetches.last)
        #expect(morty.item == ItemKey(.character, 2))
        // Rick's answer arrives while Morty's pane is open: dropped.
        let answer = await h.runner.interpreter.fetchPicture(rick.request)
        h.send(.message(.picture(rick, answer, rendered: [:])))
        #expect(h.controller.pictures.entry(rick) == nil)
        #expect(h.screen().pictureCells.isEmpty)
        // Even sent under Morty's item but Rick's address, it is not Morty's ticket.
        h.send(.message(.picture(PictureTicket(item: morty.item, request: rick.request), answer, rendered: [:])))
        #expect(h.screen().pictureCells.isEmpty)
        await h.runner.drain(into: h.controller)
        #expect(h.screen().pictureCells.count == 18 * 9)
    }

    @Test func undecodableBytesSayNoPictureAndAreNotAskedAgain() async throws {
        let jpeg = try Data(contentsOf: URL(fileURLWithPath: TestData.folder).appendingPathComponent("rickandmorty/avatars/1.jpeg"))
        let png = try Data(contentsOf: URL(fileURLWithPath: TestData.folder).appendingPathComponent("rickandmorty/avatars/2.jpeg"))
        let bodies = [Data("<html>oops</html>".utf8), jpeg.prefix(jpeg.count / 2), png.prefix(png.count / 2), Data()]
        for body in bodies {
            let answers = AvatarAnswers()
            answers.set(status: 200, body: body)
            let h = await loaded(inner: answers)
            h.press(.enter)
            await h.runner.drain(into: h.controller)
            let text = h.screen().text
            #expect(h.screen().pictureCells.isEmpty)
            #expect(text.contains("no picture ("))
            #expect(text.contains("S01E01 Pilot"))
            h.press(.escape, .enter)
            await h.runner.drain(into: h.controller)
            #expect(h.transport.avatarRequests == 1)
        }
    }

    @Test func aMissingPictureSaysSoCalmly() async {
        let answers = AvatarAnswers()
        answers.set(status: 404, body: Data("There is nothing here".utf8))
        let h = await loaded(inner: answers)
        h.press(.enter)
        await h.runner.drain(into: h.controller)
        #expect(h.screen().text.contains("no picture"))
        #expect(!h.screen().text.contains("error"))
    }

    @Test func aTransientFailureSaysWhyAndIsAskedAgainOnTheNextOpening() async {
        let answers = AvatarAnswers()
        answers.set(status: 503, body: Data())
        let h = await loaded(inner: answers)
        h.press(.enter)
        await h.runner.drain(into: h.controller)
        #expect(h.screen().pictureCells.isEmpty)
        #expect(h.screen().text.contains("picture failed:"))
        #expect(h.screen().text.contains("503"))
        answers.clear()
        h.press(.escape, .enter)
        await h.runner.drain(into: h.controller)
        #expect(h.transport.avatarRequests == 2)
        #expect(h.transport.episodeRequests == 1)
        #expect(h.screen().pictureCells.count == 200)
    }

    @Test func scrolledDownThePictureGivesWayToTheText() async throws {
        let h = await loaded()
        h.press(.enter)
        await h.runner.drain(into: h.controller)
        let pane = try #require(h.controller.pane)
        pane.scroll(by: 3, viewRows: h.controller.layout.detail.height)
        #expect(h.screen().pictureCells.isEmpty)
        pane.scroll(toEnd: false, viewRows: h.controller.layout.detail.height)
        #expect(h.screen().pictureCells.count == 200)
    }

    @Test func inASixelTerminalThePaneAsksForPixelsOverBlankCells() async throws {
        let h = await loaded(mode: .sixel)
        h.press(.enter)
        await h.runner.drain(into: h.controller)
        let screen = h.screen()
        let placement = try #require(screen.placements.first)
        #expect(screen.placements.count == 1)
        #expect(placement.cells == Rect(top: 1, left: 59, width: 20, height: 10))
        #expect(placement.id.item == ItemKey(.character, 1))
        // No symbols under it: the cells are blank for the pixels.
        #expect(screen.pictureCells.isEmpty)
        for row in 1...10 { #expect(screen.lines[row].count <= 59 || screen.lines[row].dropFirst(59).allSatisfy { $0 == " " }) }
        // The help over it: symbols instead, no pixels that would cover the help.
        h.press(.character("?"))
        #expect(h.screen().placements.isEmpty)
    }

    /// In symbols the pane's picture uses the room the pane has (issue 27, item 10): at
    /// 120 × 40 at least 150 cells, where it was 16 × 8 (14 × 8 once fitted).
    @Test(arguments: [Size(columns: 120, rows: 40), Size(columns: 160, rows: 50)])
    func thePanesPictureUsesTheRoomThePaneHas(size: Size) async {
        let h = await loaded(size)
        h.press(.enter)
        await h.runner.drain(into: h.controller)
        let screen = h.screen()
        #expect(screen.pictureCells.count >= 150, "\(screen.pictureCells.count) cells at \(size)")
        // The text beside it is cut short, never drawn over.
        #expect(screen.text.contains("Rick Sanchez") && screen.text.contains("of 51"))
    }

    /// `--pictures auto`: the first screen is drawn in symbols (or none, on 8 colours) and
    /// the terminal's answer, whenever it comes, switches to pixels (issue 27, item 9).
    @Test func theTerminalsAnswerSwitchesToPixels() async throws {
        let h = await loaded(mode: .symbols)
        h.press(.enter)
        await h.runner.drain(into: h.controller)
        #expect(h.screen().pictureCells.count == 200 && h.screen().placements.isEmpty)
        h.runner.enqueue(h.controller.update(.pictures(.sixel)))
        await h.runner.drain(into: h.controller)
        let screen = h.screen()
        #expect(h.controller.pictureMode == .sixel)
        #expect(screen.placements.map(\.cells) == [Rect(top: 1, left: 59, width: 20, height: 10)])
        #expect(screen.pictureCells.isEmpty)
    }
}
