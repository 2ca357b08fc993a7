/// A page strategy that can ask for any page by its index, not only the one after the
/// last: `?page=N`, `offset=N*limit`, `Range: a-b`.
///
/// It is what lets a list jump (End on a million rows is one request, not a walk of every
/// page) and drop far pages from memory, because any page can be asked for again. A
/// strategy that only knows a `next` link does not conform, and its list stays sequential.
public protocol AddressablePageStrategy<Item>: PageStrategy {
    /// Items on every page but the last.
    var pageSize: Int { get }

    /// The request for page `index` (0 is the first page, the same request as
    /// `firstPage`, so a cache answers both alike), with the list's filters; nil when
    /// that page cannot be addressed (a negative index).
    func request(forPage index: Int) -> PageRequest?
}

/// How a list asks for page N, taken from its strategy and kept apart from it, so the
/// list (which never decodes) needs no strategy type.
public struct PageAddressing: Sendable {
    public let pageSize: Int
    private let requestForPage: @Sendable (Int) -> PageRequest?

    public init(pageSize: Int, request: @escaping @Sendable (Int) -> PageRequest?) {
        self.pageSize = max(1, pageSize)
        self.requestForPage = request
    }

    /// The addressing of `strategy`, or nil when it only follows `next` links. Decided
    /// at run time so a strategy held as `any PageStrategy` still keeps its addressing.
    public init?(_ strategy: some PageStrategy) {
        guard let addressable = strategy as? any AddressablePageStrategy else { return nil }
        self.init(pageSize: addressable.pageSize) { addressable.request(forPage: $0) }
    }

    /// The request for page `index`, or nil when it cannot be addressed.
    public func request(forPage index: Int) -> PageRequest? {
        index >= 0 ? requestForPage(index) : nil
    }
}
