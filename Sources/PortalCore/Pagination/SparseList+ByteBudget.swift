/// The byte side of a sparse list's bound: what its loaded pages hold, by the estimate
/// made once per page when it is applied (`PageByteBudget`).
extension SparseList {
    /// The estimated bytes of the items in the loaded pages (bounded by `maxBytes`, but for
    /// the pages near the viewport, which are always kept).
    public var heldBytes: Int { pages.heldBytes }

    /// Whether one more page may be prefetched: the pages loaded `near` the viewport
    /// (which are never dropped), the ones in flight and one more, each counted at the
    /// loaded pages' average, fit in `maxBytes`. Pages farther away do not count: they are
    /// dropped to make room. Past it only the pages on screen are asked for: prefetching
    /// would grow the pages that cannot be dropped by every margin page (a grid of 7 MiB
    /// items held 727 MB), and dropping margins instead would ask for them again at once.
    func prefetchFits(near: ClosedRange<Int>, inFlight: Int) -> Bool {
        let loaded = pages.loaded.count
        guard loaded > 0 else { return true }
        let average = pages.heldBytes / loaded
        var nearBytes = 0
        for index in near { if let page = pages[index], page.slots != nil { nearBytes += page.bytes } }
        return nearBytes + (inFlight + 1) * average <= maxBytes
    }
}
