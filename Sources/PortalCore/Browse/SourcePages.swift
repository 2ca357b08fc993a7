/// One list of a `Source` as a `PageStrategy`, so the one pagination engine (`ListLoader`,
/// `PageFetcher`, `RetryingSender`) serves every source and every tab.
public struct SourcePages: PageStrategy {
    public let source: any Source
    public let query: ListQuery

    public init(source: any Source, query: ListQuery) {
        self.source = source
        self.query = query
    }

    public var firstPage: PageRequest { source.firstPage(for: query) }

    public func decode(_ response: HTTPResponse, for request: PageRequest) throws(PageFailure) -> PageContent<Item> {
        try source.decodePage(response, for: request, of: query)
    }
}
