import PortalCore

/// How a list of an API no description covers is read, decided once from its first answer
/// (`DialectDetector`) or given with `--paging` / `--items`: where the items are, its
/// paging dialect, where the total is, and how to ask for any page when the server allows it.
public struct ListReading: Sendable, Hashable {
    /// The items' path in the body (`results`, `_embedded.orders`); empty for a top-level array.
    public var items: [String]
    /// How the next page is found (`PagingDialects`).
    public var paging: any PagingDialect
    /// Where the total is, when the answer says.
    public var total: TotalSource?
    /// How to ask for page N directly; nil when the list can only be walked.
    public var addressing: PageAddress?
    /// Items on the first page (every page but the last, when addressable).
    public var pageSize: Int

    public init(items: [String], paging: some PagingDialect, total: TotalSource? = nil, addressing: PageAddress? = nil, pageSize: Int) {
        self.init(items: items, anyPaging: paging, total: total, addressing: addressing, pageSize: pageSize)
    }

    public init(items: [String], anyPaging paging: any PagingDialect, total: TotalSource? = nil, addressing: PageAddress? = nil, pageSize: Int) {
        self.items = items
        self.paging = paging
        self.total = total
        self.addressing = addressing
        self.pageSize = pageSize
    }

    /// What was decided, a line each, for `--trace` and `portal list --explain`.
    public var explanation: [String] {
        [
            "items: " + (items.isEmpty ? "the top-level array" : items.joined(separator: ".")) + " (\(pageSize) on the first page)",
            "next page: \(paging) (--paging \(paging.name))",
            "total: " + (total.map { "\($0)" } ?? "none given"),
            "jumps: " + (addressing.map { "\($0)" } ?? "none (the list is walked page by page)"),
        ]
    }

    public static func == (lhs: ListReading, rhs: ListReading) -> Bool {
        lhs.items == rhs.items && lhs.paging.isSame(as: rhs.paging) && lhs.total == rhs.total
            && lhs.addressing == rhs.addressing && lhs.pageSize == rhs.pageSize
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(items)
        hasher.combine(AnyHashable(paging))
        hasher.combine(total)
        hasher.combine(addressing)
        hasher.combine(pageSize)
    }
}
