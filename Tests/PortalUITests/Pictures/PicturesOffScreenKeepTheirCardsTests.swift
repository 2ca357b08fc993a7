import Foundation
import PortalCore
import PortalEffects
import PortalImage
import PortalTestSupport
@testable import PortalUI
import Testing

/// What the picture store keeps of pictures off screen (issue 24, `picture_duplicates`):
/// it held whole 192 × 192 pictures within 4 MiB, about 28 — not even the 36 a screen at
/// 120 × 40 needs — so scrolling five screens down and back asked for 156 pictures again.
/// Off screen it keeps only what the card needs to be drawn again; the pane still draws
/// the whole picture.
@MainActor
@Suite("Pictures off screen keep their cards")
struct PicturesOffScreenKeepTheirCardsTests {
    static func ticket(_ n: Int) -> PictureTicket {
        PictureTicket(item: ItemKey(ItemKind(rawValue: "character"), n), request: HTTPRequest(url: URL(string: "http://x.test/avatar/\(n).jpeg")!))
    }

    /// A 192 × 192 avatar with some detail, so its symbol cells are not one run.
    static func avatar(_ n: Int) throws -> Picture {
        var rgba = [UInt8](repeating: 255, count: 192 * 192 * 4)
        for i in stride(from: 0, to: rgba.count, by: 4) {
            let x = (i / 4) % 192, y = (i / 4) / 192
            rgba[i] = UInt8(truncatingIfNeeded: x * 3 + n)
            rgba[i + 1] = UInt8(truncatingIfNeeded: y * 5 + n * 7)
            rgba[i + 2] = UInt8(truncatingIfNeeded: (x ^ y) + n * 13)
        }
        return try #require(Picture(width: 192, height: 192, rgba: rgba))
    }

    /// Screens of 120 × 40 (28 cards and 8 ahead) five down and five back, each picture
    /// answered with its card's symbol cells as the interpreter answers: none is asked
    /// for twice, each card comes back with its own cells, and what is kept off screen
    /// stays within the budget (before: the screen's whole pictures alone were over it,
    /// so every picture off screen was dropped).
    @Test func fiveScreensOfCardsComeBackWithoutAFetch() throws {
        let store = PictureStore()
        let card = PictureRendering(columns: CardView.pictureColumns, rows: CardView.pictureRows, palette: .indexed256)
        let slot = Size(columns: CardView.pictureColumns, rows: CardView.pictureRows)
        var drawn: [PictureTicket: PictureCells] = [:]
        var fetched: [PictureTicket] = []
        func show(_ screen: Int) throws {
            let wanted = (screen * 28..<screen * 28 + 36).map(Self.ticket)
            while true {
                let fetch = store.plan(wanted: wanted, sharp: nil).fetch
                if fetch.isEmpty { break }
                for t in fetch {
                    let cells = try #require(card.render(try Self.avatar(t.item.id.number ?? 0)))
                    drawn[t] = cells
                    fetched.append(t)
                    store.receive(t, .picture(try Self.avatar(t.item.id.number ?? 0)), rendered: [card: cells])
                }
            }
            for t in wanted { #expect(store.cells(t, slot: slot, palette: .indexed256) == drawn[t], "card \(t.item.id)") }
        }
        for screen in 0...5 { try show(screen) }
        for screen in (0...4).reversed() { try show(screen) }
        #expect(fetched.count == Set(fetched).count, "\(fetched.count - Set(fetched).count) asked twice")
        #expect(fetched.count == 5 * 28 + 36)
        #expect(store.offScreenBytes <= store.maxBytes, "\(store.offScreenBytes) bytes off screen")
        // Off screen a card is its cells, not the picture's 144 KiB.
        guard case .ready(let kept) = store.entry(Self.ticket(100)) else {
            Issue.record("card 100 not kept")
            return
        }
        #expect(!kept.isFull && kept.pixels == nil && kept.width == 192)
    }

    /// In the pixel modes no symbol cells come with the answers: a card off screen keeps
    /// its pixels scaled to a card (100 × 100 at most), a screen and more within the budget.
    @Test func inPixelsACardOffScreenKeepsItsPicturesScaledToACard() throws {
        let store = PictureStore()
        let wanted = (0..<36).map(Self.ticket)
        var fetched = 0
        while true {
            let fetch = store.plan(wanted: wanted, sharp: nil).fetch
            if fetch.isEmpty { break }
            for t in fetch { store.receive(t, .picture(try Self.avatar(t.item.id.number ?? 0))) }
            fetched += fetch.count
        }
        #expect(fetched == 36)
        _ = store.plan(wanted: [], sharp: nil)
        guard case .ready(let kept) = store.entry(Self.ticket(2)) else {
            Issue.record("card 2 not kept")
            return
        }
        #expect(!kept.isFull && kept.width == 192 && kept.pixels?.width == PictureBudget.cardPixelSide)
        #expect(store.plan(wanted: wanted, sharp: nil).fetch.isEmpty)
        #expect(store.offScreenBytes <= store.maxBytes)
    }

    /// The pane draws a picture large: when only its card is kept, it is asked for again
    /// and held whole; the last pane's picture stays whole after the pane closes.
    @Test func thePanesPictureIsHeldWhole() throws {
        let store = PictureStore()
        let rick = Self.ticket(1)
        for t in store.plan(wanted: [rick], sharp: nil).fetch { store.receive(t, .picture(try Self.avatar(1))) }
        _ = store.plan(wanted: [], sharp: nil)
        #expect(store.plan(wanted: [rick], sharp: nil).fetch.isEmpty, "the card comes back as kept")
        #expect(store.plan(wanted: [rick], sharp: rick).fetch == [rick], "the pane asks for the whole picture")
        store.receive(rick, .picture(try Self.avatar(1)))
        _ = store.plan(wanted: [], sharp: nil)  // the pane closed
        guard case .ready(let kept) = store.entry(rick) else {
            Issue.record("Rick's picture not kept")
            return
        }
        let whole = try Self.avatar(1)
        #expect(kept.isFull && kept.pixels == whole)
        #expect(store.plan(wanted: [rick], sharp: rick).fetch.isEmpty, "opened again: nothing asked")
    }

    /// The real controller, interpreter and snapshot at 120 × 40, a frame after each batch
    /// as the terminal loop draws: five screens down and back ask for no picture twice, and
    /// every card shows its own item's picture (each avatar a flat colour of its own,
    /// 192 × 192 as the avatars are kept).
    @Test func scrollingFiveScreensDownAndBackShowsEachCardItsOwnPictureAndAsksNothingTwice() async throws {
        let h = Harness(size: Size(columns: 120, rows: 40), inner: ColourAvatars(side: 192), pictures: .symbols)
        func settle() async {
            _ = h.screen(colorCount: 1 << 24)
            while let message = await h.runner.takeNext() {
                h.runner.enqueue(h.controller.update(.message(message)))
                _ = h.screen(colorCount: 1 << 24)
            }
        }
        await settle()
        for _ in 0..<5 {
            h.press(.pageDown)
            await settle()
        }
        for _ in 0..<5 {
            h.press(.pageUp)
            await settle()
        }
        let fetched = h.runner.pictureFetches
        #expect(fetched.count == Set(fetched).count, "\(fetched.count - Set(fetched).count) pictures asked for twice")
        let screen = h.screen(colorCount: 1 << 24)
        let grid = h.controller.grid.state
        #expect(grid.offsetRows == 0)
        let rect = h.controller.layout.grid
        let checked = ColourAvatars.expectOwnColours(on: screen, grid: grid, in: rect)
        #expect(checked == 24)
        // Then the pane of the first card: its picture is asked for whole again (only its
        // card was kept) and drawn from all its pixels.
        let selection = try #require(grid.selection)
        let selected = try #require(h.controller.list.item(at: selection))
        let first = try #require(h.controller.pictures.ticket(for: selected, in: h.controller.source))
        let before = h.runner.pictureFetches.count
        h.press(.enter)
        await settle()
        #expect(h.runner.pictureFetches.dropFirst(before).contains(first))
        guard case .ready(let kept) = h.controller.pictures.entry(first) else {
            Issue.record("the pane's picture not here")
            return
        }
        #expect(kept.isFull)
        #expect(!h.screen(colorCount: 1 << 24).text.contains("picture failed"))
    }
}
