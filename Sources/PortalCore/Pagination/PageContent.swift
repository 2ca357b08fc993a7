/// A decoded page: its items, where the next page is (nil at the end) and the total the
/// server reports, when it reports one.
public struct PageContent<Item: Sendable>: Sendable {
    /// Changing the items forgets their content hashes, pictures and byte estimates
    /// (they described the old items).
    public var items: [Item] {
        didSet {
            contentHashes = nil
            pictures = nil
            itemBytes = nil
        }
    }
    public var next: PageRequest?
    public var totalCount: Int?
    /// A total the server estimated (PostgREST's `count=planned|estimated`): shown as
    /// `≈ N`, never taken as the end of the list.
    public var estimatedTotal: Int?
    /// Where the page came from when a disk cache is in use (see `CacheStatus`).
    public var cache: CacheStatus?
    /// The rate limit of the list's origin when the page arrived (`RateBudget`), for the
    /// status line and the prefetch; nil when the server says none.
    public var rate: RateLimit?
    /// What the server said besides the items, for the status line: a GraphQL answer's
    /// `errors` beside partial `data` (sanitised when made).
    public var notice: String?
    /// How the list addresses its pages, when its source could only tell from this answer
    /// (a list of a many-list source read on its first page, `FirstAnswerReadings`): a
    /// list still awaiting its first page takes it, as if the source had said so at start.
    public var addressing: PageAddressing?
    /// Why the list cannot go on past this page although it was read (its next link is on
    /// another origin, or does not parse): set only where `PageStop.keepsItems` asks for the
    /// page's items instead of a failure (`portal list`). `next` is nil then.
    public var stop: PageFailure?
    /// Each item's `hashValue`, in order, when noted (`noteContentHashes()`) where the page
    /// was decoded, off the UI thread: the list watch remembers every item's content by
    /// its hash, and hashing 20 whole items on the UI thread was a tenth of a page insert.
    /// Nil when not noted or when the items changed since (the watch then hashes them).
    public private(set) var contentHashes: [Int]?
    /// Each item's picture (`Source.pictureRequest(for:)`, nil for none), in order, when
    /// noted (`notePictures(_:)`) where the page was decoded, off the UI thread: an
    /// avatar's address is a URL parse, and making six new cards' tickets on the UI thread
    /// was a fifth of a page insert. Nil when not noted or when the items changed since
    /// (the picture store then asks the source).
    public private(set) var pictures: [ItemPicture?]?
    /// Each item's estimated bytes (`PageByteBudget.bytes(of:)`), in order, when noted
    /// (`noteItemBytes()`) where the page was decoded, off the UI thread: the list counts
    /// the bytes it holds, and estimating 20 items (a dynamic cast and a walk of their
    /// strings each) on the UI thread was a twentieth of a page insert. Nil when not noted
    /// or when the items changed since (the list then estimates them).
    public private(set) var itemBytes: [Int]?

    public init(items: [Item], next: PageRequest?, totalCount: Int?, estimatedTotal: Int? = nil, cache: CacheStatus? = nil) {
        self.items = items
        self.next = next
        self.totalCount = totalCount
        self.estimatedTotal = estimatedTotal
        self.cache = cache
    }
}

extension PageContent where Item: Hashable {
    /// Notes each item's hash (`contentHashes`) — once the items are final.
    public mutating func noteContentHashes() {
        contentHashes = items.map(\.hashValue)
    }
}

extension PageContent {
    /// Notes each item's estimated bytes (`itemBytes`) — once the items are final.
    public mutating func noteItemBytes() {
        itemBytes = items.map(PageByteBudget.bytes(of:))
    }

    /// The noted byte estimates when there is one per item, else nil.
    public var itemBytesIfWhole: [Int]? { itemBytes.flatMap { $0.count == items.count ? $0 : nil } }
}

extension PageContent where Item: Identifiable, Item.ID == ItemKey {
    /// Notes each item's picture (`pictures`) from its source's request — once the items
    /// are final.
    public mutating func notePictures(_ request: (Item) -> HTTPRequest?) {
        pictures = items.map { item in request(item).map { ItemPicture(item: item.id, request: $0) } }
    }
}
