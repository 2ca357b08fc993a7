import Testing
import PortalCore

@Suite("Eviction order: farthest from the viewport first, never the pages kept near")
struct PageEvictionTests {
    @Test func farthestFirstAndThePageAboveOnATie() {
        // Viewport pages 10...11, kept 9...12. Distances: 0→10, 1→9, 2→8, 3→7, 20→9.
        let drop = PageEviction.pagesToDrop(loaded: [20, 3, 10, 0, 11, 2, 1], maxPages: 4, viewport: 10...11, keep: 9...12)
        #expect(drop == [0, 1, 20])
    }

    @Test func withinTheBoundNothingIsDropped() {
        #expect(PageEviction.pagesToDrop(loaded: [0, 1, 2], maxPages: 3, viewport: 0...0, keep: 0...0).isEmpty)
    }

    @Test func pagesKeptNearAreNeverDroppedEvenOverTheBound() {
        #expect(PageEviction.pagesToDrop(loaded: [4, 5, 6, 7], maxPages: 1, viewport: 5...6, keep: 4...7).isEmpty)
        #expect(PageEviction.pagesToDrop(loaded: [4, 5, 6, 7, 50], maxPages: 0, viewport: 5...6, keep: 4...7) == [50])
    }

    @Test func distanceIsZeroInsideTheViewport() {
        #expect(PageEviction.distance(5, from: 5...6) == 0)
        #expect(PageEviction.distance(2, from: 5...6) == 3)
        #expect(PageEviction.distance(9, from: 5...6) == 3)
    }
}
