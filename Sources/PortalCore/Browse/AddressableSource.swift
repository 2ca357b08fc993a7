/// A source whose lists can be asked for any page by index, so a tab's list can be a
/// `SparseList` that jumps instead of walking. A source that only follows `next` links
/// does not conform, and its tabs stay sequential.
public protocol AddressableSource: Source {
    /// Items on every page but the last of `query`'s list.
    func pageSize(of query: ListQuery) -> Int
    /// The request for page `index` of `query`'s list (0 is `firstPage(for:)`), with its
    /// filters; nil when that page cannot be addressed.
    func request(forPage index: Int, of query: ListQuery) -> PageRequest?
}

extension PageAddressing {
    /// The addressing of `query`'s list in `source`, or nil when the source cannot
    /// address pages.
    public init?(source: any Source, query: ListQuery) {
        guard let addressable = source as? any AddressableSource else { return nil }
        self.init(pageSize: addressable.pageSize(of: query)) { addressable.request(forPage: $0, of: query) }
    }
}
