import PortalCore

/// A dialect that only knows `next` links: the Rick and Morty strategy with its page
/// addressing hidden, as a source without page numbers, offsets or totals would be.
public struct NextLinkOnly<Base: PageStrategy>: PageStrategy {
    public let base: Base
    public init(_ base: Base) { self.base = base }
    public var firstPage: PageRequest { base.firstPage }
    public func decode(_ response: HTTPResponse, for request: PageRequest) throws(PageFailure) -> PageContent<Base.Item> {
        var content = try base.decode(response, for: request)
        content.totalCount = nil
        return content
    }
}
