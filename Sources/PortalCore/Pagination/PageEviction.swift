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
        let candidates = loaded.filter { !keep.contains($0) }.sorted { a, b in
            let da = distance(a, from: viewport), db = distance(b, from: viewport)
            return da != db ? da > db : a < b
        }
        return Array(candidates.prefix(excess))
    }

    /// Pages between `page` and the nearest page of `viewport` (0 inside it).
    public static func distance(_ page: Int, from viewport: ClosedRange<Int>) -> Int {
        if page < viewport.lowerBound { return viewport.lowerBound - page }
        if page > viewport.upperBound { return page - viewport.upperBound }
        return 0
    }
}
