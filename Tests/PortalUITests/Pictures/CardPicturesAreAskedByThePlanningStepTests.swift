import Foundation
import PortalCore
import PortalPresets
import PortalTestSupport
@testable import PortalUI
import Testing

@MainActor
@Suite("Pictures on cards, asked for by the planning step")
struct CardPicturesAreAskedByThePlanningStepTests {
    /// Ids of the characters whose avatars were asked for, in order.
    func avatarIDs(_ h: Harness) -> [Int] {
        h.transport.urls.filter { $0.contains("/character/avatar/") }.compactMap { Int(URL(string: $0)!.deletingPathExtension().lastPathComponent) }
    }

    /// The cards the planner wants at rest: those on screen, then two rows ahead.
    func expectedAtRest(_ grid: GridState) -> [Int] {
        Array(grid.visibleRange) + PicturePlanner.aheadIndices(visible: grid.visibleRange, columns: grid.columns, count: grid.itemCount, down: true)
    }

    @Test func atRestTheCardsOnScreenThenTheNextRowsAtMostFourAtATime() async throws {
        let h = Harness(size: Size(columns: 120, rows: 40), pictures: .symbols)
        // The first page arrives; the planner asks for the first four pictures only.
        #expect(await h.runner.runNext(into: h.controller))
        #expect(h.runner.pictureFetches.map(\.item.id) == [1, 2, 3, 4])
        #expect(h.controller.pictures.inFlightCount == 4)
        #expect(h.controller.grid.state.cardHeight == CardView.pictureCardHeight)
        await h.runner.drain(into: h.controller)
        let grid = h.controller.grid.state
        let expected = expectedAtRest(grid).map { $0 + 1 }
        // 120 × 40: 4 columns, 7 rows of cards at least partly shown, 2 rows ahead.
        #expect(grid.columns == 4 && grid.visibleRange == 0..<28)
        #expect(expected.count == 36)
        #expect(avatarIDs(h) == expected)
        #expect(Set(avatarIDs(h)).count == avatarIDs(h).count, "no picture asked for twice")
        #expect(h.controller.pictures.inFlightCount == 0)
        // Every whole card on screen shows its picture: 6 rows × 4 cards × 10 × 5 cells.
        #expect(h.screen().pictureCells.count == 24 * 50)
        // At rest nothing more is asked, whatever happens that moves nothing.
        h.send(.resize(Size(columns: 120, rows: 40)))
        await h.runner.drain(into: h.controller)
        #expect(avatarIDs(h).count == 36)
    }

    @Test func scrollingAwayCancelsWhatIsInFlightAndAsksForTheNewScreen() async throws {
        let h = Harness(size: Size(columns: 120, rows: 40), pictures: .symbols)
        #expect(await h.runner.runNext(into: h.controller))
        let first = h.runner.pictureFetches
        #expect(first.count == 4)
        h.press(.pageDown, .pageDown, .pageDown)
        // The four in flight were for cards far behind now: cancelled, never run.
        #expect(Set(h.runner.pictureCancels) == Set(first))
        await h.runner.drain(into: h.controller)
        let grid = h.controller.grid.state
        let ids = Set(avatarIDs(h))
        #expect(!ids.contains(1), "a cancelled picture is never fetched")
        let near = Set(grid.visibleRange.map { $0 + 1 })
        #expect(near.isSubset(of: ids))
        #expect(h.controller.pictures.inFlightCount == 0)
        #expect(Set(avatarIDs(h)).count == avatarIDs(h).count)
    }

    @Test func aJumpAsksForThePicturesAroundWhereItLandsAndNoneOnTheWay() async throws {
        let h = Harness(size: Size(columns: 120, rows: 40), pictures: .symbols)
        await h.runner.drain(into: h.controller)
        let atRest = avatarIDs(h).count
        h.press(.end)
        await h.runner.drain(into: h.controller)
        let grid = h.controller.grid.state
        #expect(grid.selection == 825)
        let after = Array(avatarIDs(h).dropFirst(atRest))
        let around = Set(grid.visibleRange.map { $0 + 1 })
            .union(PicturePlanner.aheadIndices(visible: grid.visibleRange, columns: grid.columns, count: grid.itemCount, down: false).map { $0 + 1 })
        #expect(!after.isEmpty)
        #expect(Set(after).isSubset(of: around), "asked for \(after.filter { !around.contains($0) })")
        // Nothing between the first screen and the last.
        #expect(after.allSatisfy { $0 > 700 })
    }

    @Test func aStormOfKeysAgainstSlowAnswersShowsEachCardItsOwnPicture() async throws {
        let h = Harness(size: Size(columns: 120, rows: 40), inner: ColourAvatars(), pictures: .symbols)
        await h.runner.runNext(into: h.controller)  // the first page
        // Keys while pictures are slow: every picture fetch runs, but its answer is held
        // back and delivered late, out of order, after the screen moved on.
        var held: [AppMessage] = []
        let keys: [KeyInput] = [.pageDown, .down, .pageDown, .right, .pageUp, .pageDown, .pageDown, .up, .end, .home, .pageDown, .pageDown]
        for key in keys {
            h.press(key)
            while let message = await h.runner.takeNext() {
                if case .picture = message { held.append(message) } else { h.runner.enqueue(h.controller.update(.message(message))) }
            }
        }
        let before = (h.controller.grid.state.selection, h.controller.grid.state.offsetRows, h.controller.list.count)
        for message in held.reversed() { h.runner.enqueue(h.controller.update(.message(message))) }
        // Late answers move nothing.
        #expect((h.controller.grid.state.selection, h.controller.grid.state.offsetRows, h.controller.list.count) == before)
        await h.runner.drain(into: h.controller)
        let screen = TextScreen(size: h.controller.size, colorCount: 1 << 24)
        h.controller.render(into: screen)
        let grid = h.controller.grid.state
        let rect = h.controller.layout.grid
        let checked = ColourAvatars.expectOwnColours(on: screen, grid: grid, in: rect)
        #expect(checked == 24)
        #expect(h.controller.pictures.bytes <= PictureStore.defaultMaxBytes + 24 * 200_000)
    }

    @Test func aPicturesArrivalRedrawsOnlyItsCard() async throws {
        let h = Harness(size: Size(columns: 120, rows: 40), pictures: .symbols)
        await h.runner.runNext(into: h.controller)  // the first page; four pictures asked
        h.press(.right, .down)
        // The next picture answer (pages that arrive first are delivered as they come).
        var next: (AppMessage, PictureTicket)?
        while next == nil, let message = await h.runner.takeNext() {
            if case .picture(let ticket, _, _) = message { next = (message, ticket) } else { h.runner.enqueue(h.controller.update(.message(message))) }
        }
        let (message, ticket) = try #require(next)
        let before = h.screen()
        let state = (h.controller.grid.state.selection, h.controller.grid.state.offsetRows, h.controller.list.count, h.controller.listStatus)
        h.runner.enqueue(h.controller.update(.message(message)))
        #expect((h.controller.grid.state.selection, h.controller.grid.state.offsetRows, h.controller.list.count, h.controller.listStatus) == state)
        let after = h.screen()
        let index = (ticket.item.id.number ?? 0) - 1
        let grid = h.controller.grid.state
        let card = Rect(top: 1 + (grid.row(of: index) - grid.offsetRows) * grid.cardHeight, left: (index % grid.columns) * grid.cardWidth,
                        width: grid.cardWidth, height: grid.cardHeight)
        var changed = 0
        for row in 0..<after.size.rows {
            for column in 0..<after.size.columns where after.cell(row: row, column: column) != before.cell(row: row, column: column) {
                #expect(row >= card.top && row < card.bottom && column >= card.left && column < card.right, "(\(row), \(column)) changed")
                changed += 1
            }
        }
        #expect(changed > 0)
    }

    @Test func pTogglesPicturesOnCards() async {
        let h = Harness(size: Size(columns: 120, rows: 40), pictures: .symbols)
        h.press(.character("p"))
        await h.runner.drain(into: h.controller)
        #expect(h.transport.avatarRequests == 0)
        #expect(h.controller.grid.state.cardHeight == GridState.defaultCardHeight)
        #expect(h.screen().pictureCells.isEmpty)
        h.press(.character("p"))
        await h.runner.drain(into: h.controller)
        #expect(h.controller.grid.state.cardHeight == CardView.pictureCardHeight)
        #expect(h.transport.avatarRequests == 36)
        #expect(CommandTable.command(for: .character("p"), in: .grid) == .togglePictures)
    }

    @Test func aSmallTerminalDropsCardPicturesByItself() async {
        let h = Harness(size: Size(columns: 100, rows: 14), pictures: .symbols)
        await h.runner.drain(into: h.controller)
        #expect(h.transport.avatarRequests == 0)
        #expect(h.controller.grid.state.cardHeight == GridState.defaultCardHeight)
        h.send(.resize(Size(columns: 100, rows: 30)))
        await h.runner.drain(into: h.controller)
        #expect(h.controller.grid.state.cardHeight == CardView.pictureCardHeight)
        #expect(h.transport.avatarRequests > 0)
    }

    @Test func picturesOffAsksForNone() async {
        let h = Harness(size: Size(columns: 120, rows: 40), pictures: .off)
        await h.runner.drain(into: h.controller)
        h.press(.enter)
        await h.runner.drain(into: h.controller)
        h.press(.escape, .end)
        await h.runner.drain(into: h.controller)
        #expect(h.transport.avatarRequests == 0)
        #expect(h.runner.pictureFetches.isEmpty)
    }

    @Test func tabsWithoutPicturesKeepTheirCards() async {
        let h = Harness(size: Size(columns: 100, rows: 30), pictures: .symbols, tab: 1)
        await h.runner.drain(into: h.controller)
        #expect(h.controller.grid.state.cardHeight == GridState.defaultCardHeight)
        #expect(h.runner.pictureFetches.isEmpty)
        expectGolden(h.screen().text, "episodes-100x30")
    }

    @Test func theGridWithPicturesInSymbols() async {
        let h = Harness(size: Size(columns: 100, rows: 30), pictures: .symbols)
        await h.runner.drain(into: h.controller)
        expectGolden(h.screen().text, "grid-pictures-100x30")
        // A card whose picture is missing says so calmly; one on its way shows nothing.
        let h2 = Harness(size: Size(columns: 100, rows: 30), inner: { let a = AvatarAnswers(); a.set(status: 404, body: Data()); return a }(),
                         pictures: .symbols)
        await h2.runner.drain(into: h2.controller)
        expectGolden(h2.screen().text, "grid-no-pictures-100x30")
    }

    @Test func inASixelTerminalCardsAskForPixels() async {
        let h = Harness(size: Size(columns: 120, rows: 40), pictures: .sixel)
        await h.runner.drain(into: h.controller)
        let screen = h.screen()
        // Whole cards only: 6 rows of 4.
        #expect(screen.placements.count == 24)
        #expect(Set(screen.placements.compactMap(\.id.item.id.number)) == Set(1...24))
        #expect(screen.pictureCells.isEmpty)
    }
}

@Suite("The picture store and planner, alone")
@MainActor
struct PictureStoreTests {
    func ticket(_ id: Int) -> PictureTicket {
        PictureTicket(item: ItemKey(.character, id), request: HTTPRequest(url: URL(string: "https://x.test/\(id).png")!))
    }

    @Test func plansInOrderBoundedAndCancelsWhatIsNotNeeded() {
        let store = PictureStore(maxInFlight: 3)
        let plan = store.plan(wanted: (1...10).map(ticket))
        #expect(plan.fetch == [1, 2, 3].map(ticket) && plan.cancel.isEmpty)
        #expect(store.plan(wanted: (1...10).map(ticket)).fetch.isEmpty, "nothing twice")
        // The screen moved: 1 and 2 are not needed, 3 still is.
        let moved = store.plan(wanted: (3...12).map(ticket))
        #expect(moved.cancel == [1, 2].map(ticket))
        #expect(moved.fetch == [4, 5].map(ticket))
        // A late answer for a cancelled ticket is dropped; one in flight is kept.
        #expect(!store.receive(ticket(1), .missing("no picture")))
        #expect(store.receive(ticket(3), .failed("picture failed: HTTP 503")))
        #expect(store.entry(ticket(1)) == nil)
        // A failure is not asked again while needed, and is once it left and came back.
        #expect(!store.plan(wanted: (3...12).map(ticket)).fetch.contains(ticket(3)))
        _ = store.plan(wanted: [])
        #expect(store.plan(wanted: [ticket(3)]).fetch == [ticket(3)])
    }

    @Test func keptPicturesAreBoundedByBytes() throws {
        let picture = try #require(Picture(width: 64, height: 64, rgba: [UInt8](repeating: 7, count: 64 * 64 * 4)))
        let store = PictureStore(maxInFlight: 100, maxBytes: 5 * (picture.byteCount + PictureStore.entryOverhead))
        for round in 0..<4 {
            let wanted = (round * 10..<round * 10 + 10).map(ticket)
            for t in store.plan(wanted: wanted).fetch { store.receive(t, .picture(picture)) }
        }
        _ = store.plan(wanted: [])
        #expect(store.count <= 5)
        #expect(store.bytes <= store.maxBytes)
        // Missing pictures cost their entry too: a long walk past thousands of them stays bounded.
        let missing = PictureStore(maxInFlight: 100, maxBytes: 64 * PictureStore.entryOverhead)
        for round in 0..<50 {
            let wanted = (round * 100..<round * 100 + 100).map(ticket)
            for t in missing.plan(wanted: wanted).fetch { missing.receive(t, .missing("no picture")) }
        }
        _ = missing.plan(wanted: [])
        #expect(missing.count <= 64)
    }

    /// The default budget keeps a long session lean (issue 27, item 4): avatars of 192 ×
    /// 192 pixels, screen after screen, hold no more than 8 MiB once off screen (it was
    /// 256 of them, 36 MiB).
    @Test func theDefaultBudgetKeepsALongSessionLean() throws {
        let avatar = try #require(Picture(width: 192, height: 192, rgba: [UInt8](repeating: 9, count: 192 * 192 * 4)))
        let store = PictureStore()
        for screen in 0..<60 {
            let wanted = (screen * 24..<screen * 24 + 24).map(ticket)
            for _ in 0..<6 {
                for t in store.plan(wanted: wanted).fetch { store.receive(t, .picture(avatar)) }
            }
        }
        _ = store.plan(wanted: [])
        #expect(store.bytes <= 8 * 1_048_576, "\(store.bytes) bytes held in \(store.count) pictures")
    }

    @Test func aheadIsTheNextRowsTheWayTheUserGoes() {
        #expect(PicturePlanner.aheadIndices(visible: 8..<16, columns: 4, count: 100, down: true) == Array(16..<24))
        #expect(PicturePlanner.aheadIndices(visible: 8..<16, columns: 4, count: 100, down: false) == [7, 6, 5, 4, 3, 2, 1, 0])
        #expect(PicturePlanner.aheadIndices(visible: 96..<100, columns: 4, count: 100, down: true).isEmpty)
        #expect(PicturePlanner.aheadIndices(visible: 0..<0, columns: 4, count: 0, down: true).isEmpty)
        #expect(PicturePlanner.aheadIndices(visible: (Int.max - 10)..<(Int.max - 2), columns: Int.max / 2, count: Int.max, down: true).count == 2)
    }
}

import PortalImage

enum PortalImagePicture {
    static let tiny = Picture(width: 1, height: 1, rgba: [1, 2, 3, 255])
}

/// A PostgREST table of rows whose `avatar_url` is on the API's own origin (and the PNG
/// each names, a sprite from the snapshot): a table that has pictures only once its rows
/// are read.
struct TableWithAvatars: Transport {
    static let base: BaseURL = "http://rows.test/rest/v1"

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let url = request.url.absoluteString
        if url.contains("/avatars/") {
            let sprite = URL(fileURLWithPath: TestData.folder).appendingPathComponent("pokeapi/sprites/1.png")
            return HTTPResponse(status: 200, headers: ["content-type": "image/png"], body: try Data(contentsOf: sprite))
        }
        let rows = (1...6).map { #"{"id":\#($0),"title":"row \#($0)","avatar_url":"\#(Self.base.text)/avatars/\#($0).png"}"# }
        return HTTPResponse(status: 200, headers: ["content-type": "application/json", "content-range": "0-5/6"],
                            body: Data(("[" + rows.joined(separator: ",") + "]").utf8))
    }
}

@MainActor @Suite("Pictures on a table's cards")
struct TablePictureTests {
    @Test func aTableWhoseRowsHavePicturesGetsCardsTallEnoughForThem() async {
        let h = Harness(size: Size(columns: 120, rows: 40), inner: TableWithAvatars(), pictures: .symbols,
                        source: PostgRESTSource(baseURL: TableWithAvatars.base, table: "things"))
        // Laid out before any row arrived: text cards.
        #expect(h.controller.grid.state.cardHeight == GridState.defaultCardHeight)
        await h.runner.drain(into: h.controller)
        #expect(h.controller.list.count == 6)
        // The rows named pictures: the cards grew to hold them, so a picture never draws
        // over the card below.
        #expect(h.controller.grid.state.cardHeight == CardView.pictureCardHeight)
    }
}
