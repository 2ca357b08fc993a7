/// Which loaded pages a bounded cache drops: the ones farthest from the viewport first.
///
/// The pages the list is currently keeping near the viewport (shown or prefetched) are
/// never dropped, whatever the bound: dropping them would only ask for them again at
/// once, a request loop. So the cache may exceed its bound by at most that window.
public enum PageEviction {
    /// The pages to drop from `loaded` to get back to `maxPages`, in drop order: farthest
    /// from `viewport` first; at equal distance the page before the viewport goes first
    /// (lists are read downwards more often than upwards). Pages in `keep` are never
    /// chosen.
    public static func pagesToDrop(loaded: some Collection<Int>, maxPages: Int, viewport: ClosedRange<Int>, keep: ClosedRange<Int>) -> [Int] {
        let excess = loaded.count - max(0, maxPages)
        guard excess > 0 else { return [] }
        let candidates = loaded.filter { !keep.contains($0) }
        // Past the bound a list drops a page or two per page that arrives: picking them
        // is a scan, not a sort of every page held.
        if excess <= 4 {
            var chosen: [Int] = []
            var left = candidates
            while chosen.count < excess, let farthest = left.indices.max(by: { dropsAfter(left[$0], left[$1], viewport) }) {
                chosen.append(left[farthest])
                left.swapAt(farthest, left.count - 1)
                left.removeLast()
            }
            return chosen
        }
        return Array(candidates.sorted { dropsAfter($1, $0, viewport) }.prefix(excess))
    }

    /// Whether `a` is dropped after `b`: it is nearer the viewport, or as near and after it.
    private static func dropsAfter(_ a: Int, _ b: Int, _ viewport: ClosedRange<Int>) -> Bool {
        let da = distance(a, from: viewport), db = distance(b, from: viewport)
        return da != db ? da < db : a > b
    }

    /// Pages between `page` and the nearest page of `viewport` (0 inside it).
    public static func distance(_ page: Int, from viewport: ClosedRange<Int>) -> Int {
        if page < viewport.lowerBound { return viewport.lowerBound - page }
        if page > viewport.upperBound { return page - viewport.upperBound }
        return 0
    }
}
