import Foundation
import PortalCore
import PortalPaging

/// One list read for printing (`portal list`): its pages in order, each handed on and
/// forgotten, so memory stays the same however long the list (an endless cursor list of
/// 20 KB items once grew `portal list` to 409 MB after 420 pages, because the loader kept
/// every item).
///
/// What it keeps between pages is what going on needs: the next request, the ids of the
/// last page (an item repeated across a page boundary is printed once), a `PageLinkGuard`
/// started afresh every `guardSpan` pages, and `LoopCheckpoints` (a few requests at
/// power-of-two page numbers), which together refuse a `next` that goes round, however
/// long the round. `retainedCounts` says how much that is, for the tests.
///
/// A range that starts past the first page (`--from N`) on a list that can be addressed
/// by page (`AddressableSource`: `?page=`, offsets, `Range`) asks for the page that holds
/// item N straight away, then follows `next`: items 500,000…500,019 of a million are two
/// requests. Other lists walk from the first page, skipping what comes before N (a disk
/// cache answers a walk already made).
public final class ListStream {
    /// Pages after which the link guard starts afresh (its memory of requests is dropped;
    /// the checkpoints still catch a longer round).
    public static let guardSpan = 256

    public let source: any Source
    public let query: ListQuery
    public let range: ItemRange
    private let fetcher: PageFetcher<SourcePages>

    /// The 1-based position of the next item a page brings.
    public private(set) var nextPosition = 1
    /// Items handed on so far.
    public private(set) var delivered = 0
    /// Pages asked for so far (each once, retries aside).
    public private(set) var pagesFetched = 0
    /// The total the server reports, once a page has said it.
    public private(set) var totalCount: Int?
    /// Whether the first request jumped to the page holding `range.from`.
    public private(set) var jumped = false

    private var guardRequests: PageLinkGuard?
    private var pagesUnderGuard = 0
    private var checkpoints = LoopCheckpoints()
    /// The contents of the pages under the guard (`PageContent.fingerprint`): a list whose
    /// links never repeat (a fresh cursor each time) but whose pages do is a loop too.
    private var recentContents = Set<Int>()
    private var lastPageIDs = Set<ItemKey>()

    public init(source: any Source, query: ListQuery, range: ItemRange, fetcher: PageFetcher<SourcePages>) {
        self.source = source
        self.query = query
        self.range = range
        self.fetcher = fetcher
    }

    /// How the stream ended.
    public enum End: Sendable, Equatable {
        /// The range is printed, or the list ended.
        case finished
        /// `deliver` asked to stop (the reader went away, a limit was reached).
        case stopped
        /// The list ends before `range.from` (a jump past the end, or a walk that ran out).
        case endsBefore(Int)
    }

    /// A page that failed for good (after the retries), with the items handed on before it;
    /// or, `afterItsItems`, a page that was read and its items handed on, but whose next
    /// link cannot be followed (another origin, a link that goes round): the walk stops
    /// there, every item read printed.
    public struct Failure: Error, Sendable {
        public let page: Int
        public let failure: PageFailure
        public let delivered: Int
        public var afterItsItems = false
    }

    /// What the stream holds between pages, for the tests: the guard's window of pages
    /// and the ids of the last page; neither grows with the list.
    public var retainedCounts: (pagesUnderGuard: Int, lastPageIDs: Int, checkpoints: Int, recentContents: Int) {
        (pagesUnderGuard, lastPageIDs.count, checkpoints.count, recentContents.count)
    }

    /// Reads the list, handing `deliver` each page (for its notes: cache, totals) and the
    /// items of it that are in the range, in order; `deliver` returns false to stop at
    /// once (no further request is made).
    public func run(_ deliver: (_ page: PageContent<Item>, _ items: ArraySlice<Item>) throws -> Bool) async throws -> End {
        var request: PageRequest? = firstRequest()
        // Heals a dead link (`DeadLink`): the page before it again, else the list again
        // from its first page with the items before `resumeAt` (shown already) skipped.
        var healer = DeadLink.Healer(first: request ?? source.firstPage(for: query))
        let startPosition = nextPosition
        var resumeAt: Int?
        while let current = request {
            if let to = range.to, nextPosition > to { return .finished }
            // A page whose next link cannot be followed still brings its items (`PageStop`).
            let result = await PageStop.$keepsItems.withValue(true) { await fetcher.fetch(PageTicket(outsideList: 0, request: current)) }
            pagesFetched += 1
            let page: PageContent<Item>
            switch result {
            case .failure(let failure):
                // A jump past the end of a list that names no total: the page is not there.
                if jumped, pagesFetched == 1, case .http(404) = failure.kind { return .endsBefore(range.from) }
                if let heal = healer.heal(failure, of: current) {
                    if case .restart = heal {
                        resumeAt = max(resumeAt ?? 0, nextPosition)
                        nextPosition = startPosition
                        lastPageIDs = []
                        guardRequests = nil
                        // The first pages again are no loop.
                        checkpoints = LoopCheckpoints()
                        recentContents = []
                    }
                    request = heal.request
                    continue
                }
                throw Failure(page: current.index + 1, failure: failure, delivered: delivered)
            case .success(let content):
                page = content
            }
            totalCount = ReportedCount.total(reported: page.totalCount, previous: totalCount, loaded: 0)
            let fresh = page.items.filter { !lastPageIDs.contains($0.id) }
            let bringsNothingNew = fresh.isEmpty
            let first = nextPosition
            nextPosition += fresh.count
            lastPageIDs = Set(page.items.map(\.id))
            // A page listed before (under new links) is the list going round: refused whole.
            // (Not for a page read again to heal a dead link: the same items, on purpose.)
            if !current.http.reload, let refusal = admitContent(of: page.items) {
                throw Failure(page: current.index + 1, failure: refusal, delivered: delivered)
            }
            // A page whose `next` is refused (or could not be made, `PageStop`) ends the walk
            // after its items: every item read is printed, then why it stops.
            let stop = page.stop ?? page.next.flatMap { admit($0, after: current, bringsNothingNew: bringsNothingNew) }
            var wanted = Self.slice(of: fresh, startingAt: first, in: range)
            if let resume = resumeAt {
                // Read again from the first page: what was shown before is skipped.
                wanted = wanted[min(wanted.endIndex, max(wanted.startIndex, resume - first))...]
                if nextPosition >= resume { resumeAt = nil }
            }
            healer.arrived(current, broughtNew: resumeAt == nil && !fresh.isEmpty && !current.http.reload)
            delivered += wanted.count
            if !(try deliver(page, wanted)) { return .stopped }
            if let stop { throw Failure(page: current.index + 1, failure: stop, delivered: delivered, afterItsItems: true) }
            if jumped, pagesFetched == 1, page.items.isEmpty { return .endsBefore(range.from) }
            guard let next = page.next else { break }
            request = next
        }
        return nextPosition <= range.from ? .endsBefore(range.from) : .finished
    }

    /// Where to start instead of the first page: a page seen before (its request, the
    /// 1-based position of its first item), as `portal mcp` remembers the cursors it passed.
    /// Taken when it is at or before `range.from` and the list cannot jump there.
    public var resume: (request: PageRequest, position: Int)?

    /// The page holding `range.from` when the list can be addressed by page, else the
    /// remembered page `resume`, else the first.
    private func firstRequest() -> PageRequest {
        let first = source.firstPage(for: query)
        if let resume, resume.position > 1, resume.position <= range.from, PageAddressing(source: source, query: query) == nil {
            nextPosition = resume.position
            return resume.request
        }
        guard range.from > 1, let addressing = PageAddressing(source: source, query: query) else { return first }
        let index = (range.from - 1) / addressing.pageSize
        guard index > 0, let request = addressing.request(forPage: index) else { return first }
        jumped = true
        nextPosition = index * addressing.pageSize + 1
        return request
    }

    /// The items of `items` (the first at 1-based `first`) inside `range`.
    static func slice(of items: [Item], startingAt first: Int, in range: ItemRange) -> ArraySlice<Item> {
        let lower = min(items.count, max(0, range.from - first))
        let upper = range.to.map { min(items.count, max(lower, $0 - first + 1)) } ?? items.count
        return items[lower..<upper]
    }

    /// Refuses a page whose items, in order, are a page already listed (under the guard,
    /// or at a checkpoint); remembers it otherwise. An empty page is the guard's to judge.
    private func admitContent(of items: [Item]) -> PageFailure? {
        guard let fingerprint = Self.fingerprint(of: items) else { return nil }
        if recentContents.contains(fingerprint) || checkpoints.contentSeenBefore(fingerprint) {
            return PageFailure(.refusedNext, "stopped: the server's next link leads back to a page already listed (the same \(items.count) items again)")
        }
        recentContents.insert(fingerprint)
        checkpoints.passed(content: fingerprint, page: pagesFetched)
        return nil
    }

    /// What a page holds, as one number: each item by its content (a record's JSON as
    /// served, a table row's); nil when empty.
    static func fingerprint(of items: [Item]) -> Int? {
        guard !items.isEmpty else { return nil }
        var hasher = Hasher()
        for item in items { hasher.combine(item.record.row.json) }
        return hasher.finalize()
    }

    /// The link guard's verdict on `next`, in a window of `guardSpan` pages, and the
    /// checkpoints' on a longer round.
    private func admit(_ next: PageRequest, after current: PageRequest, bringsNothingNew: Bool) -> PageFailure? {
        if pagesUnderGuard >= Self.guardSpan || guardRequests == nil {
            guardRequests = PageLinkGuard(firstPage: current)
            pagesUnderGuard = 0
            recentContents = []
        }
        if checkpoints.seenBefore(next) {
            return PageFailure(.refusedNext, "stopped: the server's next link repeats a page already fetched: \(next.http.url.absoluteString.prefix(200))")
        }
        if let refusal = guardRequests?.admit(next, after: current, bringsNothingNew: bringsNothingNew) { return refusal }
        pagesUnderGuard += 1
        checkpoints.passed(next, page: pagesFetched + 1)
        return nil
    }
}
