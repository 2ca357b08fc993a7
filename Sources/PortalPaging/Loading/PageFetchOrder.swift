import PortalCore

/// The order a sparse list asks for pages in: those on screen first, top to bottom, then
/// the margins by distance from the screen, the side the user is heading to first at
/// each distance.
///
/// A sequence, not an array: the list stops reading it as soon as its in-flight cap is
/// reached, so a margin of thousands of pages costs only the pages it asks for, with no
/// allocation per step (this runs on every scroll).
struct PageFetchOrder: Sequence, IteratorProtocol {
    private let shown: ClosedRange<Int>
    private let near: ClosedRange<Int>
    private let afterFirst: Bool
    /// The farthest distance from the screen that is still near, on either side.
    private let farthest: Int
    private var nextShown: Int?
    private var distance = 1
    private var onSecondSide = false

    /// `near` holds `shown`; `afterFirst` when the pages after the screen go first.
    init(shown: ClosedRange<Int>, near: ClosedRange<Int>, afterFirst: Bool) {
        self.shown = shown
        self.near = near
        self.afterFirst = afterFirst
        nextShown = shown.lowerBound
        let (below, belowOverflow) = shown.lowerBound.subtractingReportingOverflow(near.lowerBound)
        let (above, aboveOverflow) = near.upperBound.subtractingReportingOverflow(shown.upperBound)
        farthest = Swift.max(belowOverflow ? 0 : below, aboveOverflow ? 0 : above, 0)
    }

    mutating func next() -> Int? {
        if let index = nextShown {
            nextShown = index < shown.upperBound ? index + 1 : nil
            return index
        }
        while distance <= farthest {
            let takesAfter = afterFirst != onSecondSide
            let (index, overflow) = takesAfter
                ? shown.upperBound.addingReportingOverflow(distance)
                : shown.lowerBound.subtractingReportingOverflow(distance)
            if onSecondSide { distance += 1 }
            onSecondSide.toggle()
            if !overflow, near.contains(index) { return index }
        }
        return nil
    }
}
