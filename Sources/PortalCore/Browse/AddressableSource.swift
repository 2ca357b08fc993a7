/// A source whose lists can be asked for any page by index, so a tab's list can be a
/// `SparseList` that jumps instead of walking. A source that only follows `next` links
/// does not conform, and its tabs stay sequential. A source of several tabs conforms
/// when any of its tabs can address pages, and says per list which can
/// (`addressesPages(of:)`): a walk-only tab then walks while the others jump.
public protocol AddressableSource: Source {
    /// Whether `query`'s list can be asked for any page; false for a tab that only walks.
    func addressesPages(of query: ListQuery) -> Bool
    /// Items on every page but the last of `query`'s list.
    func pageSize(of query: ListQuery) -> Int
    /// The request for page `index` of `query`'s list (0 is `firstPage(for:)`), with its
    /// filters; nil when that page cannot be addressed.
    func request(forPage index: Int, of query: ListQuery) -> PageRequest?
}

extension AddressableSource {
    /// A source of one kind of list addresses every list it has.
    public func addressesPages(of query: ListQuery) -> Bool { true }
}

extension PageAddressing {
    /// The addressing of `query`'s list in `source`, or nil when the source cannot
    /// address that list's pages.
    public init?(source: any Source, query: ListQuery) {
        guard let addressable = source as? any AddressableSource, addressable.addressesPages(of: query) else { return nil }
        self.init(pageSize: addressable.pageSize(of: query)) { addressable.request(forPage: $0, of: query) }
    }
}
