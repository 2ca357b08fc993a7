import PortalCore
import PortalTestSupport
@testable import PortalUI
import Testing

/// The trail's own update: Esc pops one pane and cancels its work (the grid is laid out
/// again when the last goes), `q` closes them all, a detail command with no pane changes
/// nothing, and commands of other models are not the trail's.
@MainActor struct EscPopsThePaneTrailAndQClosesItTests {
    static func item() async throws -> Item {
        let h = Harness(size: Size(columns: 100, rows: 30))
        await h.runner.drain(into: h.controller)
        return try #require(h.controller.list.item(at: 0))
    }

    static let first = PaneAddress(tab: 0, generation: 0, token: 1)

    @Test func escPopsTheLastPaneAndCancelsItsWork() async throws {
        let trail = PaneTrail()
        _ = trail.open(try await Self.item(), at: Self.first)
        let outcome = trail.update(.back, rows: 20, fresh: { PaneAddress(tab: 0, generation: 0, token: 2) })
        #expect(outcome.handled && outcome.relayout && !outcome.clamp)
        #expect(outcome.effects == [.cancel(Self.first)])
        #expect(trail.panes.isEmpty)
    }

    @Test func qClosesEveryPane() async throws {
        let trail = PaneTrail()
        _ = trail.open(try await Self.item(), at: Self.first)
        let outcome = trail.update(.closeDetail, rows: 20, fresh: { Self.first })
        #expect(outcome.relayout && outcome.effects == [.cancel(Self.first)] && trail.top == nil)
    }

    @Test func scrollingWithoutAPaneChangesNothing() {
        let trail = PaneTrail()
        let outcome = trail.update(.detailPageDown, rows: 20, fresh: { Self.first })
        #expect(outcome.handled && outcome.effects.isEmpty && !outcome.relayout)
    }

    @Test func commandsOfOtherModelsAreNotTheTrails() {
        let trail = PaneTrail()
        for command in [Command.moveDown, .toggleTable, .search, .toggleHelp] {
            #expect(!trail.update(command, rows: 20, fresh: { Self.first }).handled)
        }
    }
}
