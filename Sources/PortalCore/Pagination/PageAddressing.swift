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
