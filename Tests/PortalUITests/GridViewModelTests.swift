import PortalUI
import Testing

@MainActor
final class GridSpy: GridViewModelDelegate {
    var needsMore = 0
    var activated: [Int] = []
    func gridViewModelNeedsMore(_ grid: GridViewModel) { needsMore += 1 }
    func gridViewModel(_ grid: GridViewModel, didActivate index: Int) { activated.append(index) }
}

@MainActor
@Suite("Grid view model")
struct GridViewModelTests {
    /// A grid 100 columns × 24 rows (3 columns, 6 rows of cards) holding `count` items.
    func makeGrid(count: Int) -> (GridViewModel, GridSpy) {
        let grid = GridViewModel()
        let spy = GridSpy()
        grid.delegate = spy
        grid.resize(width: 100, height: 24)
        grid.didInsert(0..<count)
        return (grid, spy)
    }

    @Test func geometry() {
        let (grid, _) = makeGrid(count: 40)
        #expect(grid.columns == 3)
        #expect(grid.cardWidth == 33)
        #expect(grid.viewportRows == 6)
        #expect(grid.contentRows == 14)
        grid.resize(width: 29, height: 24)
        #expect(grid.columns == 1)
    }

    @Test func arrowsMoveAcrossTheGrid() {
        let (grid, _) = makeGrid(count: 40)
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
        let (grid, _) = makeGrid(count: 60)
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

    @Test func downOnTheLastRowStaysAndAsksForMore() {
        let (grid, spy) = makeGrid(count: 20)
        grid.move(.last)
        let before = spy.needsMore
        grid.move(.down)
        #expect(grid.selection == 19)
        #expect(spy.needsMore == before + 1)
        // Down into a partly filled row lands on the last card.
        let (g2, _) = makeGrid(count: 20)
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
        let (grid, _) = makeGrid(count: 60)
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
        let (grid, _) = makeGrid(count: 20)
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
        let (grid, _) = makeGrid(count: 200)
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
        let (grid, _) = makeGrid(count: 200)
        grid.move(.wheelDown)
        #expect(grid.offsetRows == 3)
        #expect(grid.selection == 9)  // pulled into view, same column
        grid.move(.wheelUp)
        #expect(grid.offsetRows == 0)
    }

    @Test func everyMovementTellsTheDelegate() {
        // The grid does not decide which pages: it says the viewport moved, and the list's
        // per-page guard decides (tested in the controller and SparseList suites).
        let (grid, spy) = makeGrid(count: 20)
        let before = spy.needsMore
        for _ in 0..<10 { grid.move(.down) }
        #expect(spy.needsMore == before + 10)
    }

    @Test func aNewCountKeepsSelectionAndClampsIt() {
        let (grid, _) = makeGrid(count: 20)
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

    @Test func enterActivatesSelection() {
        let (grid, spy) = makeGrid(count: 20)
        grid.move(.right)
        grid.activate()
        #expect(spy.activated == [1])
    }
}
