extension RickAndMortySource: AddressableSource {
    public func pageSize(of query: ListQuery) -> Int { RickAndMortyAPI.pageSize }

    /// `?page=N+1` with the query's filters, built as `PresetPages.rickAndMorty` builds it (the
    /// item type does not enter a URL).
    public func request(forPage index: Int, of query: ListQuery) -> PageRequest? {
        pages(Character.self, query).request(forPage: index)
    }
}
