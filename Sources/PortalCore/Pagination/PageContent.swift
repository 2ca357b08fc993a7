/// A decoded page: its items, where the next page is (nil at the end) and the total the
/// server reports, when it reports one.
public struct PageContent<Item: Sendable>: Sendable {
    public var items: [Item]
    public var next: PageRequest?
    public var totalCount: Int?
    /// A total the server estimated (PostgREST's `count=planned|estimated`): shown as
    /// `≈ N`, never taken as the end of the list.
    public var estimatedTotal: Int?
    /// Where the page came from when a disk cache is in use (see `CacheStatus`).
    public var cache: CacheStatus?
    /// What the server said besides the items, for the status line: a GraphQL answer's
    /// `errors` beside partial `data` (sanitised when made).
    public var notice: String?

    public init(items: [Item], next: PageRequest?, totalCount: Int?, estimatedTotal: Int? = nil, cache: CacheStatus? = nil) {
        self.items = items
        self.next = next
        self.totalCount = totalCount
        self.estimatedTotal = estimatedTotal
        self.cache = cache
    }
}
