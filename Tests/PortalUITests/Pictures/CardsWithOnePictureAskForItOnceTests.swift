import Foundation
import PortalCore
import PortalEffects
import PortalRuntime
import PortalTestSupport
@testable import PortalUI
import Testing

/// A picture is its address (issue 35, item 17): cards whose items name the same picture
/// ask for it once, whether the other card's fetch is in flight or its picture is kept.
@MainActor
@Suite("Cards with the same picture ask for it once")
struct CardsWithOnePictureAskForItOnceTests {
    /// The Rick and Morty characters, each item's picture one of `distinct` avatars (item N
    /// shows avatar (N - 1) % distinct + 1), as rows sharing a placeholder do; with a
    /// runner whose interpreter keeps no decoded picture (`pictureCacheBytes` 1) and no disk
    /// cache behind: only the store can spare a second request, as when the interpreter's
    /// memory cache has let a picture go. Started at 120 × 40.
    func start(distinct: Int) -> (CountingTransport, EffectQueue, ScreenController, any Source) {
        let source = NextLinksOnly(source: TestData.rickAndMorty()) { item in
            URL(string: TestData.base + "/character/avatar/\((item.rawID - 1) % distinct + 1).jpeg").map { HTTPRequest(url: $0) }
        }
        let transport = CountingTransport(ColourAvatars())
        let runner = EffectQueue(interpreter: EffectInterpreter(source: source, transport: transport, retryPolicy: .none,
                                                                clock: ManualClock(), pictureCacheBytes: 1))
        let controller = ScreenController(source: source, sourceLabel: "offline snapshot", pictures: .symbols)
        runner.enqueue(controller.update(.start(Size(columns: 120, rows: 40))))
        return (transport, runner, controller, source)
    }

    /// The whole first screen (36 cards at 120 × 40) shows three pictures: each is asked for
    /// once, and every card shows its picture.
    @Test func threePicturesOnThirtySixCardsAreThreeRequests() async throws {
        let (transport, runner, controller, source) = start(distinct: 3)
        #expect(await runner.runNext(into: controller))
        // The first page arrived: one fetch per address, however many cards show it.
        let first = runner.pictureFetches
        #expect(first.map(\.item.id.number) == [1, 2, 3], "asked for \(first.map(\.item))")
        await runner.drain(into: controller)
        let avatars = transport.urls.filter { $0.contains("/character/avatar/") }
        #expect(avatars.count == 3, "asked for \(avatars)")
        #expect(Set(avatars).count == avatars.count)
        let grid = controller.grid.state
        #expect(grid.visibleRange == 0..<28)
        for index in grid.visibleRange {
            let ticket = try #require(controller.pictures.ticket(for: controller.listView.loadedItems[index], in: source))
            guard case .ready = controller.pictures.entry(ticket) else {
                Issue.record("card \(index + 1) shows no picture: \(String(describing: controller.pictures.entry(ticket)))")
                continue
            }
        }
        #expect(controller.pictures.inFlightCount == 0)
    }

    /// A card whose address another card already holds takes it when it comes on screen
    /// later (the first card's fetch long done), asking for nothing.
    @Test func aCardFurtherOnTakesThePictureAnotherCardHolds() async throws {
        let (transport, runner, controller, _) = start(distinct: 30)
        await runner.drain(into: controller)
        #expect(transport.count(containing: "/character/avatar/") == 30)
        // One screen down: cards 29-56 show avatars 29, 30, 1 … 26, all held already.
        runner.enqueue(controller.update(.key(.pageDown)))
        await runner.drain(into: controller)
        let avatars = transport.urls.filter { $0.contains("/character/avatar/") }
        #expect(avatars.count == 30, "asked again for \(avatars.dropFirst(30))")
    }
}
