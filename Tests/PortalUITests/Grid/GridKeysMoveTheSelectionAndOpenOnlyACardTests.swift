@testable import PortalUI
import Testing

/// The grid's own update: movement commands move the selection, Home reports a jump, End
/// a walk to the end, Esc a stopped walk, Enter an open (only with a selection), and
/// anything else is not the grid's.
struct GridKeysMoveTheSelectionAndOpenOnlyACardTests {
    static func grid(items: Int = 100) -> GridState {
        var grid = GridState()
        grid.resize(width: 100, height: 30)
        grid.setItemCount(items)
        return grid
    }

    @Test func arrowsMoveTheSelection() {
        var grid = Self.grid()
        let before = grid.selection
        #expect(grid.update(.moveRight) == .moved)
        #expect(grid.selection == before.map { $0 + 1 })
        #expect(grid.update(.moveLeft) == .moved && grid.selection == before)
    }

    @Test func endWalksToTheEndAndHomeJumpsBack() {
        var grid = Self.grid()
        #expect(grid.update(.last) == .walkToEnd)
        #expect(grid.selection == 99 && grid.isStickyEnd)
        #expect(grid.update(.stopWalk) == .stopWalk && !grid.isStickyEnd)
        #expect(grid.update(.first) == .jumped && grid.selection == 0)
    }

    @Test func enterOpensOnlyASelectedCard() {
        var grid = Self.grid()
        #expect(grid.update(.open) == .open)
        var empty = Self.grid(items: 0)
        #expect(empty.update(.open) == .ignored)
    }

    @Test func commandsOfOtherModelsAreIgnored() {
        var grid = Self.grid()
        for command in [Command.toggleTable, .search, .back, .toggleHelp] {
            #expect(grid.update(command) == .ignored)
        }
    }
}
