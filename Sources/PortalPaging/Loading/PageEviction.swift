import PortalCore

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
        pagesToDrop(loaded: loaded, maxPages: maxPages, heldBytes: 0, maxBytes: .max, bytes: { _ in 0 }, viewport: viewport, keep: keep)
    }

    /// The pages to drop from `loaded` to get back to both `maxPages` pages and `maxBytes`
    /// bytes (`heldBytes` held now, `bytes(page)` each), in the same order: farthest from
    /// `viewport` first, never a page in `keep`.
    public static func pagesToDrop(
        loaded: some Collection<Int>, maxPages: Int, heldBytes: Int, maxBytes: Int, bytes: (Int) -> Int,
        viewport: ClosedRange<Int>, keep: ClosedRange<Int>
    ) -> [Int] {
        var pagesOver = loaded.count - max(0, maxPages)
        var bytesOver = heldBytes - max(0, maxBytes)
        guard pagesOver > 0 || bytesOver > 0 else { return [] }
        var left = loaded.filter { !keep.contains($0) }
        var chosen: [Int] = []
        // Past the bound a list drops a page or two per page that arrives: picking them
        // is a scan, not a sort of every page held. Past a few, the rest is sorted once.
        while pagesOver > 0 || bytesOver > 0, chosen.count < 4,
              let farthest = left.indices.max(by: { dropsAfter(left[$0], left[$1], viewport) }) {
            let page = left[farthest]
            chosen.append(page)
            pagesOver -= 1
            bytesOver -= bytes(page)
            left.swapAt(farthest, left.count - 1)
            left.removeLast()
        }
        guard pagesOver > 0 || bytesOver > 0 else { return chosen }
        for page in left.sorted(by: { dropsAfter($1, $0, viewport) }) {
            guard pagesOver > 0 || bytesOver > 0 else { break }
            chosen.append(page)
            pagesOver -= 1
            bytesOver -= bytes(page)
        }
        return chosen
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
