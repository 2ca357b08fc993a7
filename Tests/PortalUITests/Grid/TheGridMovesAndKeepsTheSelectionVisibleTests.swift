import PortalUI
import Testing

@MainActor
final class GridSpy: GridViewModelDelegate {
    var activated: [Int] = []
    func gridViewModel(_ grid: GridViewModel, didActivate index: Int) { activated.append(index) }
}

@Suite("Grid state")
struct TheGridMovesAndKeepsTheSelectionVisibleTests {
    /// A grid 100 columns × 24 rows (3 columns, 6 rows of cards) holding `count` items.
    func makeGrid(count: Int) -> GridState {
        var grid = GridState()
        grid.resize(width: 100, height: 24)
        grid.didInsert(0..<count)
        return grid
    }

    @Test func geometry() {
        var grid = makeGrid(count: 40)
        #expect(grid.columns == 3)
        #expect(grid.cardWidth == 33)
        #expect(grid.viewportRows == 6)
        #expect(grid.contentRows == 14)
        grid.resize(width: 29, height: 24)
        #expect(grid.columns == 1)
    }

    @Test func arrowsMoveAcrossTheGrid() {
        var grid = makeGrid(count: 40)
        #expect(grid.selection == 0)
        grid.move(.right)
        #expect(grid.selection == 1)
        grid.move(.down)
        #expect(grid.selection == 4)
        grid.move(.left)
        #expect(grid.selection == 3)
        grid.move(.up)
        #expect(grid.selection == 0)
        grid.move(.up)
        grid.move(.left)
        #expect(grid.selection == 0)
    }

    @Test func pagingKeepsSelectionVisible() {
        var grid = makeGrid(count: 60)
        grid.move(.pageDown)
        #expect(grid.selection == 18)
        #expect(grid.visibleRange.contains(18))
        grid.move(.halfPageDown)
        #expect(grid.selection == 27)
        grid.move(.last)
        #expect(grid.selection == 59)
        #expect(grid.offsetRows == grid.maxOffsetRows)
        grid.move(.first)
        #expect(grid.selection == 0)
        #expect(grid.offsetRows == 0)
        grid.move(.pageUp)
        #expect(grid.selection == 0)
    }

    @Test func downOnTheLastRowStays() {
        var grid = makeGrid(count: 20)
        grid.move(.last)
        let before = grid
        grid.move(.down)
        #expect(grid.selection == 19)
        // Down on the last row changes nothing but the sticky end; the planner, not the
        // grid, decides that the next page is wanted.
        #expect(grid.offsetRows == before.offsetRows && grid.visibleRange == before.visibleRange)
        // Down into a partly filled row lands on the last card.
        var g2 = makeGrid(count: 20)
        for _ in 0..<5 { g2.move(.down) }  // row 5: index 15
        #expect(g2.selection == 15)
        g2.move(.down)  // row 6 holds 18, 19 only... index 18 exists
        #expect(g2.selection == 18)
        g2.move(.right)
        g2.move(.up)
        g2.move(.right)
        g2.move(.down)
        #expect(g2.selection == 19)
    }

    @Test func batchInsertKeepsSelectionAndVisibleRows() {
        var grid = makeGrid(count: 60)
        grid.move(.pageDown)
        grid.move(.right)
        let selection = grid.selection
        let offset = grid.offsetRows
        let visible = grid.visibleRange
        grid.didInsert(60..<80)
        #expect(grid.selection == selection)
        #expect(grid.offsetRows == offset)
        #expect(grid.visibleRange == visible)
        #expect(grid.itemCount == 80)
    }

    @Test func stickyEndFollowsNewPagesOnlyAfterEnd() {
        var grid = makeGrid(count: 20)
        grid.move(.last)
        #expect(grid.isStickyEnd)
        grid.didInsert(20..<40)
        #expect(grid.selection == 39)
        grid.move(.up)
        #expect(!grid.isStickyEnd)
        grid.didInsert(40..<60)
        #expect(grid.selection == 36)
    }

    @Test func resizeReflowsAndKeepsSelectionVisible() {
        var grid = makeGrid(count: 200)
        for _ in 0..<20 { grid.move(.down) }
        #expect(grid.selection == 60)
        for (w, h) in [(40, 8), (200, 60), (31, 4), (120, 9), (60, 100)] {
            grid.resize(width: w, height: h)
            #expect(grid.selection == 60)
            let row = grid.row(of: 60)
            #expect(row >= grid.offsetRows && row < grid.offsetRows + grid.viewportRows, "size \(w)×\(h)")
        }
    }

    @Test func wheelScrollsThreeRows() {
        var grid = makeGrid(count: 200)
        grid.move(.wheelDown)
        #expect(grid.offsetRows == 3)
        #expect(grid.selection == 9)  // pulled into view, same column
        grid.move(.wheelUp)
        #expect(grid.offsetRows == 0)
    }

    @Test func theStateIsAValue() {
        // A copy is a snapshot: moving one never moves the other (no shared reference, no
        // callback), which is what lets the planner read it after the key handler is done.
        let grid = makeGrid(count: 60)
        var moved = grid
        moved.move(.pageDown)
        #expect(grid.selection == 0 && grid.offsetRows == 0)
        #expect(moved.selection == 18 && moved != grid)
    }

    @Test func countsNearTheLimitNeverTrap() {
        // A server's total near 2^63: every layout and movement saturates instead of trapping.
        var grid = makeGrid(count: 20)
        for count in [Int.max, Int.max - 1, Int.max / 2 + 1, 1 << 62] {
            grid.setItemCount(count)
            for movement in GridMovement.allCases { grid.move(movement) }
            grid.select(Int.max)
            grid.move(.pageDown)
            grid.move(.wheelDown)
            grid.resize(width: 250, height: 3)
            grid.resize(width: 31, height: 1000)
            #expect(grid.selection == count - 1)
            #expect(grid.visibleRange.contains(count - 1))
            #expect(grid.contentRows >= 1)
        }
    }

    @Test func aNewCountKeepsSelectionAndClampsIt() {
        var grid = makeGrid(count: 20)
        grid.move(.right)
        grid.setItemCount(1_000_000)
        #expect(grid.selection == 1 && grid.offsetRows == 0)
        grid.select(999_999)
        #expect(grid.selection == 999_999)
        #expect(grid.visibleRange.contains(999_999))
        grid.setItemCount(500)
        #expect(grid.selection == 499)
        #expect(grid.visibleRange.contains(499))
        grid.setItemCount(0)
        #expect(grid.selection == nil)
    }

    @MainActor @Test func enterActivatesSelection() {
        let grid = GridViewModel()
        let spy = GridSpy()
        grid.delegate = spy
        grid.state = makeGrid(count: 20)
        grid.state.move(.right)
        grid.activate()
        #expect(spy.activated == [1])
    }
}
