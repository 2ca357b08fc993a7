/// A source whose lists can be asked for any page by index, so a tab's list can be a
/// `SparseList` that jumps instead of walking. A source that only follows `next` links
/// does not conform, and its tabs stay sequential. A source of several tabs conforms
/// when any of its tabs can address pages, and hands out per list the pages value that
/// can (nil for a walk-only tab, which then walks while the others jump).
public protocol AddressableSource: Source {
    /// The pages value of `query`'s list (its filters in), which the list keeps and asks
    /// for page N itself; nil when that list can only be walked.
    func addressablePages(of query: ListQuery) -> (any PageAddressable)?
}

extension PageAddressing {
    /// The addressing of `query`'s list in `source`, or nil when the source cannot
    /// address that list's pages. Asked once per list (a tab's start or reset).
    public init?(source: any Source, query: ListQuery) {
        guard let pages = (source as? any AddressableSource)?.addressablePages(of: query) else { return nil }
        self.init(pages: pages)
    }
}
