import Foundation
import PortalCore
import PortalTestSupport
@testable import PortalUI
import Testing

/// The selected card's picture stays whole when the cards' pictures go (`p`): it is the one
/// Enter opens, and cutting it down to its card made the pane ask for it again — with more
/// than the interpreter's memory cache holds on screen (21 avatars), a second network
/// request (`TheBrowserScrollsOneRequestAPageEndToEndTests.picturesInColourOnlyEachAskedForOnce` failed in CI).
@MainActor
@Suite("The selected card's picture is kept whole for the pane")
struct TheSelectedCardsPictureIsKeptWholeTests {
    @Test func pThenEnterAsksNothingAgain() async throws {
        let h = Harness(size: Size(columns: 100, rows: 40), inner: TestData.snapshot, pictures: .symbols)
        _ = h.screen()
        await h.runner.drain(into: h.controller)
        _ = h.screen()
        await h.runner.drain(into: h.controller)
        let onCards = h.runner.pictureFetches
        #expect(onCards.count > 1)
        h.press(.character("p"))
        await h.runner.drain(into: h.controller)
        _ = h.screen()
        h.press(.enter)
        await h.runner.drain(into: h.controller)
        _ = h.screen()
        await h.runner.drain(into: h.controller)
        let fetched = h.runner.pictureFetches
        #expect(fetched.count == Set(fetched).count, "asked again: \(fetched.dropFirst(onCards.count).map(\.request.url.lastPathComponent))")
        #expect(h.screen().pictureCells.count > 40)
        // The other cards' pictures were cut down to their cards (only the selected one is whole).
        let rick = try #require(h.controller.list.item(at: 0))
        let morty = try #require(h.controller.list.item(at: 1))
        let store = h.controller.pictures
        guard case .ready(let whole)? = store.entry(try #require(store.ticket(for: rick, in: h.controller.source))) else {
            Issue.record("Rick's picture not held")
            return
        }
        #expect(whole.isFull)
        if case .ready(let kept)? = store.entry(try #require(store.ticket(for: morty, in: h.controller.source))) { #expect(!kept.isFull) }
    }
}
