import PortalMirror
import Testing
import PortalCore
import PortalPaging
import PortalTestSupport

@Suite("Eviction order: farthest from the viewport first, never the pages kept near")
struct PageEvictionTests {
    @Test func farthestFirstAndThePageAboveOnATie() {
        // Viewport pages 10...11, kept 9...12. Distances: 0→10, 1→9, 2→8, 3→7, 20→9.
        let drop = PageEviction.pagesToDrop(loaded: [20, 3, 10, 0, 11, 2, 1], maxPages: 4, viewport: 10...11, keep: 9...12)
        #expect(drop == [0, 1, 20])
    }

    /// A page or two over the bound is a scan, more is a sort: both pick the same pages
    /// in the same order (ties included), over seeded random page sets.
    @Test func theScanForAFewPagesAgreesWithTheSort() {
        var generator = SplitMix64(seed: 1211)
        for _ in 0..<300 {
            let loaded = Set((0..<Int.random(in: 12...60, using: &generator)).map { _ in Int.random(in: 0..<80, using: &generator) })
            let low = Int.random(in: 0..<80, using: &generator)
            let viewport = low...(low + Int.random(in: 0...2, using: &generator))
            let keep = (viewport.lowerBound - 1)...(viewport.upperBound + 1)
            let sorted = PageEviction.pagesToDrop(loaded: loaded, maxPages: loaded.count - 10, viewport: viewport, keep: keep)
            for excess in 1...4 {
                let scanned = PageEviction.pagesToDrop(loaded: loaded, maxPages: loaded.count - excess, viewport: viewport, keep: keep)
                #expect(scanned == Array(sorted.prefix(excess)), "loaded \(loaded.sorted()), viewport \(viewport)")
            }
        }
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
