/// How a sparse list asks for page N: the list's own addressable pages value (a preset's
/// or any API's `AnyAPIPages`, GraphQL's pages…), kept apart from its strategy, so the
/// list (which never decodes) needs no strategy type and asks that value directly.
public struct PageAddressing: Sendable {
    /// The list's pages value.
    public let pages: any PageAddressable

    public init(pages: any PageAddressable) {
        self.pages = pages
    }

    /// The addressing of `strategy`, or nil when it only follows `next` links. Decided
    /// at run time so a strategy held as `any PageStrategy` still keeps its addressing.
    public init?(_ strategy: some PageStrategy) {
        guard let addressable = strategy as? any PageAddressable else { return nil }
        self.init(pages: addressable)
    }

    /// Items on every page but the last (at least 1).
    public var pageSize: Int { max(1, pages.pageSize) }

    /// The request for page `index`, or nil when it cannot be addressed.
    public func request(forPage index: Int) -> PageRequest? {
        index >= 0 ? pages.request(forPage: index) : nil
    }
}
