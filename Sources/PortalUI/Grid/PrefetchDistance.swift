/// How far ahead of the viewport to load, measured rather than fixed.
///
/// A fixed "two viewports ahead" asks a 250×120 terminal for most of a list before any
/// key; too little makes a fast scroller on a slow link wait. The distance is one
/// viewport plus the rows the user would cover in two round trips at the current scroll
/// speed, never less than a page's worth of rows beyond the viewport: idle, that is what
/// fills the screen and one page more. Speed (rows per second) and round-trip time are
/// smoothed (exponentially weighted) from timestamps the caller passes in; there is no
/// clock inside, so tests are exact.
public struct PrefetchDistance: Sendable {
    public typealias Instant = ContinuousClock.Instant

    /// Which way the viewport last scrolled; the distance applies on that side.
    public enum Direction: Sendable, Equatable {
        case down, up
    }

    /// The weight of a new sample (0...1) in the smoothed speed and round trip.
    public var smoothing: Double
    /// No scroll for this long means the user stopped: speed counts as 0.
    public var idleAfter: Duration
    /// The most rows beyond the viewport, in viewports, however fast the scroll: a
    /// flick on a slow link must not ask for half the list.
    public var maxViewportsBeyond: Int

    /// The smoothed scroll speed in rows per second (as last measured; see `speed(at:)`).
    public private(set) var rowsPerSecond: Double = 0
    /// The smoothed round trip of a page request; nil until one is measured.
    public private(set) var roundTrip: Duration?
    public private(set) var direction: Direction = .down

    private var lastRow: Int?
    private var lastTime: Instant?
    /// Rows moved at the same instant as the last sample (several keys in one wake-up).
    private var pendingRows = 0
    private var measuring = false

    public init(smoothing: Double = 0.3, idleAfter: Duration = .seconds(1), maxViewportsBeyond: Int = 4) {
        self.smoothing = min(1, max(0, smoothing))
        self.idleAfter = idleAfter
        self.maxViewportsBeyond = max(1, maxViewportsBeyond)
    }

    /// The viewport's top row scrolled to `row` at `time` (arrows, PgUp/PgDn, wheel).
    public mutating func scrolled(toRow row: Int, at time: Instant) {
        guard let lastRow, let lastTime else { return restart(at: row, time) }
        let moved = row.subtractingReportingOverflow(lastRow)
        guard !moved.overflow else { return restart(at: row, time) }
        if moved.partialValue != 0 { direction = moved.partialValue > 0 ? .down : .up }
        let elapsed = time - lastTime
        if elapsed > idleAfter { return restart(at: row, time) }
        pendingRows = Self.adding(pendingRows, moved.partialValue.magnitude)
        self.lastRow = row
        guard elapsed > .zero else { return }
        let sample = Double(pendingRows) / (elapsed / .seconds(1))
        rowsPerSecond = measuring ? rowsPerSecond + smoothing * (sample - rowsPerSecond) : sample
        measuring = true
        pendingRows = 0
        self.lastTime = time
    }

    /// The viewport jumped to `row` (Home, End, `:N`, a search): not a scroll, so it
    /// measures nothing and the speed starts again from rest.
    public mutating func jumped(toRow row: Int, at time: Instant) {
        restart(at: row, time)
    }

    /// A page request went out at `sent` and its answer came back at `received`.
    public mutating func roundTrip(from sent: Instant, to received: Instant) {
        let sample = max(.zero, received - sent)
        roundTrip = roundTrip.map { $0 + (sample - $0) * smoothing } ?? sample
    }

    /// The scroll speed at `now`: 0 once the user has not scrolled for `idleAfter`.
    public func speed(at now: Instant) -> Double {
        guard let lastTime, now - lastTime <= idleAfter else { return 0 }
        return rowsPerSecond
    }

    /// Rows the user would cover in two round trips at the speed at `now`.
    public func rowsCovered(at now: Instant) -> Int {
        guard let roundTrip else { return 0 }
        // A hair under the exact product before rounding up, so that binary fractions
        // (0.15 s is not exact) do not turn 9 rows into 10.
        let rows = (speed(at: now) * 2 * (roundTrip / .seconds(1)) - 1e-9).rounded(.up)
        return rows <= 0 ? 0 : rows < Double(Int.max / 2) ? Int(rows) : Int.max / 2
    }

    /// Rows beyond the viewport's edge, in `direction`, that should be loaded: a page's
    /// worth at least, the rows covered in two round trips when more, and at most
    /// `maxViewportsBeyond` viewports (but never less than a page).
    public func rowsBeyond(viewportRows: Int, pageRows: Int, at now: Instant) -> Int {
        let page = max(1, pageRows)
        let (viewports, overflow) = max(1, viewportRows).multipliedReportingOverflow(by: maxViewportsBeyond)
        let cap = max(page, overflow ? Int.max : viewports)
        return min(cap, max(page, rowsCovered(at: now)))
    }

    /// The whole distance, counted from the viewport's leading edge: one viewport plus
    /// `rowsBeyond`. Idle, that is the viewport and one page.
    public func rowsAhead(viewportRows: Int, pageRows: Int, at now: Instant) -> Int {
        max(0, viewportRows) + rowsBeyond(viewportRows: viewportRows, pageRows: pageRows, at: now)
    }

    private mutating func restart(at row: Int, _ time: Instant) {
        lastRow = row
        lastTime = time
        pendingRows = 0
        rowsPerSecond = 0
        measuring = false
    }

    private static func adding(_ a: Int, _ b: UInt) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(Int(clamping: b))
        return overflow ? Int.max : sum
    }
}
