import PortalCore

/// How a sparse list reaches its pages, decided by the first answer.
public enum SparseListMode: Sendable, Equatable {
    /// The first page is not in yet; nothing is known about the list.
    case awaitingFirstPage
    /// The strategy can ask for any page and the first answer gave the total: every index
    /// exists, unloaded ones as placeholders, and pages load in any order.
    case addressable(pageSize: Int)
    /// Only `next` links (or no total): pages load in order, as `ListLoader` does, and
    /// `count` is what has arrived so far.
    case sequential
}
