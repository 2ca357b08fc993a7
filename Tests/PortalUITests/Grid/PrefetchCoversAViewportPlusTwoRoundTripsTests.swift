import PortalUI
import Testing

@Suite("Prefetch distance: a viewport plus two round trips of scrolling, at least a page")
struct PrefetchCoversAViewportPlusTwoRoundTripsTests {
    typealias Instant = ContinuousClock.Instant
    static let start = ContinuousClock.now

    static func at(_ milliseconds: Int) -> Instant { start + .milliseconds(milliseconds) }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var viewport = 40
        var pageRows = 7
        /// (top row, ms) in order.
        var scrolls: [(row: Int, ms: Int)] = []
        /// (sent ms, received ms) of page requests.
        var trips: [(sent: Int, received: Int)] = []
        var nowMS = 0
        var expected: Int
        var testDescription: String { name }
    }

    /// 8 rows every 250 ms is 32 rows a second, exactly.
    static func steady(rowsEvery250ms rows: Int, steps: Int) -> [(row: Int, ms: Int)] {
        (0...steps).map { (row: $0 * rows, ms: $0 * 250) }
    }

    static let cases: [Case] = [
        Case(name: "nothing measured: the viewport and one page", expected: 47),
        Case(name: "a round trip but no scrolling", trips: [(0, 400)], nowMS: 500, expected: 47),
        Case(name: "scrolling but no round trip yet", scrolls: steady(rowsEvery250ms: 8, steps: 4), nowMS: 1000, expected: 47),
        Case(name: "32 rows/s over 125 ms: 8 rows covered, more than a page of 7",
             scrolls: steady(rowsEvery250ms: 8, steps: 4), trips: [(0, 125)], nowMS: 1000, expected: 48),
        Case(name: "32 rows/s over 1 s: 64 rows", scrolls: steady(rowsEvery250ms: 8, steps: 4), trips: [(0, 1000)], nowMS: 1000, expected: 104),
        Case(name: "a slow scroll on a fast link stays at a page",
             scrolls: steady(rowsEvery250ms: 1, steps: 4), trips: [(0, 50)], nowMS: 1000, expected: 47),
        Case(name: "a flick is capped at four viewports",
             scrolls: steady(rowsEvery250ms: 100, steps: 4), trips: [(0, 1000)], nowMS: 1000, expected: 40 + 160),
        Case(name: "idle for more than a second: back to a page",
             scrolls: steady(rowsEvery250ms: 8, steps: 4), trips: [(0, 1000)], nowMS: 2001, expected: 47),
        Case(name: "a page taller than four viewports still counts", viewport: 2, pageRows: 10, scrolls: steady(rowsEvery250ms: 8, steps: 4),
             trips: [(0, 1000)], nowMS: 1000, expected: 12),
        Case(name: "a wide terminal: 30 rows/s, 150 ms", viewport: 30, pageRows: 4,
             scrolls: (0...10).map { (row: $0 * 3, ms: $0 * 100) }, trips: [(0, 150)], nowMS: 1000, expected: 39),
    ]

    @Test(arguments: cases)
    func distance(_ c: Case) {
        var distance = PrefetchDistance()
        for trip in c.trips { distance.roundTrip(from: Self.at(trip.sent), to: Self.at(trip.received)) }
        for scroll in c.scrolls { distance.scrolled(toRow: scroll.row, at: Self.at(scroll.ms)) }
        #expect(distance.rowsAhead(viewportRows: c.viewport, pageRows: c.pageRows, at: Self.at(c.nowMS)) == c.expected)
        #expect(distance.rowsBeyond(viewportRows: c.viewport, pageRows: c.pageRows, at: Self.at(c.nowMS)) == c.expected - c.viewport)
    }

    @Test func speedAndRoundTripAreSmoothed() {
        var distance = PrefetchDistance(smoothing: 0.5)
        distance.scrolled(toRow: 0, at: Self.at(0))
        distance.scrolled(toRow: 4, at: Self.at(250))   // 16 rows/s
        distance.scrolled(toRow: 16, at: Self.at(500))  // 48 rows/s
        #expect(distance.rowsPerSecond == 32)
        distance.roundTrip(from: Self.at(0), to: Self.at(100))
        distance.roundTrip(from: Self.at(0), to: Self.at(300))
        #expect(distance.roundTrip == .milliseconds(200))
    }

    @Test func keysAtTheSameInstantCountTowardTheNextSample() {
        var distance = PrefetchDistance()
        distance.scrolled(toRow: 0, at: Self.at(0))
        distance.scrolled(toRow: 3, at: Self.at(0))
        distance.scrolled(toRow: 6, at: Self.at(0))
        #expect(distance.rowsPerSecond == 0)
        distance.scrolled(toRow: 8, at: Self.at(250))
        #expect(distance.rowsPerSecond == 32)
    }

    @Test func aJumpIsNotAScrollAndTheDirectionFollowsTheScroll() {
        var distance = PrefetchDistance()
        distance.roundTrip(from: Self.at(0), to: Self.at(1000))
        for (row, ms) in Self.steady(rowsEvery250ms: 8, steps: 4) { distance.scrolled(toRow: row, at: Self.at(ms)) }
        #expect(distance.direction == .down)
        distance.jumped(toRow: 999_980, at: Self.at(1100))
        #expect(distance.speed(at: Self.at(1100)) == 0)
        #expect(distance.rowsAhead(viewportRows: 40, pageRows: 7, at: Self.at(1100)) == 47)
        distance.scrolled(toRow: 999_972, at: Self.at(1350))
        #expect(distance.direction == .up && distance.rowsPerSecond == 32)
    }
}
