import PortalCore

extension RickAndMortySource: AddressableSource {
    /// The list of `query` as its dialect pages it: `?page=N+1` with the query's filters
    /// (the item type does not enter a URL).
    public func addressablePages(of query: ListQuery) -> (any PageAddressable)? {
        pages(query, reader: .records(card(query.kind))).list
    }
}
