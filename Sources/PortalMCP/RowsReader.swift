import Foundation
import PortalCore
import PortalPaging
import PortalExport

/// Reads rows `from`…`from + count - 1` of a list with `portal list`'s engine
/// (`ListStream`: the page holding `from` asked straight away on a list that addresses
/// its pages, one request per page, loops refused), or — on a list that only walks — from
/// the nearest page the session saw, with a progress report per page and a time limit
/// checked at each page.
struct RowsReader: Sendable {
    let session: MCPSession
    let target: ListTarget

    /// What a read brought.
    struct Read: Sendable {
        var rows: [(position: Int, record: MCPRecord)] = []
        var total: Int?
        var estimated: Int?
        /// The list ended before `from` (it has fewer rows).
        var endsBefore = false
        /// The list ended within the range.
        var ended = false
        /// The time limit stopped a walk before `from` was reached; `reached` is the
        /// position it got to.
        var outOfTime = false
        var reached = 0
        var pages = 0
        /// Whether the last page read named a next one.
        var hasNext = false
        /// Why the list stops after the rows read (a next link that cannot be followed).
        var stop: String?
    }

    /// A page passed: rows walked so far and the total when known (for progress).
    typealias Progress = @Sendable (_ walked: Int, _ total: Int?) -> Void

    func read(_ query: ListQuery, from: Int, count: Int, deadline: ContinuousClock.Instant, clock: MCPClock, progress: Progress) async throws(ToolError) -> Read {
        let range: ItemRange
        do { range = try ItemRange(from: from, to: from + count - 1) } catch { throw ToolError(error.description) }
        let key = target.key(query)
        let fetcher = PageFetcher(transport: target.opened.transport, strategy: SourcePages(source: target.source, query: query))
        let stream = ListStream(source: target.source, query: query, range: range, fetcher: fetcher)
        stream.resume = await session.resume(key, before: from)
        let baseURL = target.opened.baseURL
        var read = Read()
        var passed: [(Int, PageRequest)] = []
        let end: ListStream.End
        do {
            end = try await stream.run { page, items in
                read.pages += 1
                for item in items {
                    read.rows.append((from + read.rows.count, MCPRecord(item, baseURL: baseURL)))
                }
                if let next = page.next { passed.append((stream.nextPosition, next)) }
                read.hasNext = page.next != nil
                read.reached = stream.nextPosition - 1
                read.estimated = ReportedCount.plausible(page.estimatedTotal) ?? read.estimated
                progress(read.reached, stream.totalCount)
                if read.rows.count >= count { return false }
                if clock.now() >= deadline, read.rows.isEmpty {
                    read.outOfTime = true
                    return false
                }
                return true
            }
        } catch let failure as ListStream.Failure {
            // The next link of the page that stopped the walk is not one to start from again.
            if failure.afterItsItems, read.hasNext, !passed.isEmpty { passed.removeLast() }
            await session.note(key, total: stream.totalCount, estimated: read.estimated, pages: passed)
            guard failure.afterItsItems else {
                throw ToolError("page \(failure.page) of \(target.name) failed: \(failure.failure.message)")
            }
            // The page's rows were read; only its next link cannot be followed.
            read.stop = "the list stops after page \(failure.page): \(failure.failure.message)"
            end = .finished
        } catch {
            throw ToolError(Task.isCancelled ? "cancelled" : "\(target.name) could not be read: \(Sanitize.line("\(error)", limit: 200))")
        }
        if Task.isCancelled { throw ToolError("cancelled") }
        read.total = stream.totalCount
        await session.note(key, total: read.total, estimated: read.estimated, pages: passed)
        await session.remember(read.rows.compactMap { row in row.record.keyText.map { ($0, row.record.item) } }, api: target.api, list: target.name)
        switch end {
        case .endsBefore: read.endsBefore = true
        case .finished: read.ended = read.rows.count < count
        case .stopped: break
        }
        return read
    }
}
