import Foundation

/// Requests remembered at page numbers that are powers of two (Brent's cycle finding): a
/// list that goes round, however long the round, comes back to one of them within about
/// twice the round's length, and the memory is one request per doubling of the walk.
public struct LoopCheckpoints {
    private var kept = Set<PageRequest.Identity>()
    private var contents = Set<Int>()

    public init() {}

    public var count: Int { kept.count + contents.count }

    /// Whether a page's content (`ListStream.fingerprint`) is one of the checkpoints.
    public func contentSeenBefore(_ fingerprint: Int) -> Bool { contents.contains(fingerprint) }

    /// Notes that page `page` of the walk held `content` (a checkpoint when a power of two).
    public mutating func passed(content: Int, page: Int) {
        if page > 0, page & (page - 1) == 0 { contents.insert(content) }
    }

    /// Whether `request` is one of the checkpoints.
    public func seenBefore(_ request: PageRequest) -> Bool { kept.contains(request.identity) }

    /// Notes that `request` is page `page` of the walk (a checkpoint when a power of two).
    public mutating func passed(_ request: PageRequest, page: Int) {
        if page > 0, page & (page - 1) == 0 { kept.insert(request.identity) }
    }
}
