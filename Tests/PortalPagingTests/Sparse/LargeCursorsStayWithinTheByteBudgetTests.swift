import Foundation
import PortalCore
import PortalPaging
import PortalTestSupport
import Testing
import PortalREST

/// Opaque cursors of a megabyte (issue 35, item 3): End on such a list grew to 1.3 GB,
/// because every walked page kept the request that led to it, and `portal list` levelled
/// off near 900 MB with 3 MB cursors, because the loop guard kept 256 whole requests.
/// The cursors a walked list keeps count against its byte budget (and go, farthest first,
/// past it); the loop guard keeps digests of requests, not requests.
@Suite("Large cursors stay within the byte budget")
struct LargeCursorBudgetTests {
    /// An endless cursor list whose every cursor is `cursorBytes` long: `{next, results}`,
    /// 20 small items a page, the cursor naming its page in its first characters.
    final class HugeCursorList: Transport {
        static let origin = "http://huge-cursors.test"
        let cursorBytes: Int
        let padding: String

        init(cursorBytes: Int) {
            self.cursorBytes = cursorBytes
            padding = String(repeating: "z", count: cursorBytes)
        }

        func cursor(page: Int) -> String { "p\(page)." + padding }

        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            let text = request.url.absoluteString
            var page = 1
            if let range = text.range(of: "cursor=p") {
                page = Int(text[range.upperBound...].prefix { $0.isNumber }) ?? 0
            }
            guard page >= 1 else { return HTTPResponse(status: 404, headers: [:], body: Data()) }
            let first = (page - 1) * 20 + 1
            let items = (first..<first + 20).map { #"{"id":\#($0),"name":"item \#($0)"}"# }
            let next = "\"\(Self.origin)/items?cursor=\(cursor(page: page + 1))\""
            return HTTPResponse(status: 200, headers: ["content-type": "application/json"],
                                body: Data(#"{"next":\#(next),"results":[\#(items.joined(separator: ","))]}"#.utf8))
        }
    }

    static func opened(cursorBytes: Int) async throws -> (list: SparseList<Item>, fetcher: PageFetcher<SourcePages>, network: CountingTransport) {
        let server = HugeCursorList(cursorBytes: cursorBytes)
        let url = try #require(URL(string: "\(HugeCursorList.origin)/items"))
        let reading = try DialectDetector.detect(try await server.send(HTTPRequest(url: url)), for: url)
        let source = AnyAPISource(pages: AnyAPIPages(url: url, reading: reading))
        let strategy = SourcePages(source: source, query: ListQuery(kind: source.tabs[0].kind))
        let network = CountingTransport(server)
        return (SparseList<Item>(strategy: strategy), PageFetcher(transport: network, strategy: strategy, policy: .none), network)
    }

    /// End's walk over 60 pages of 1 MB cursors: the cursors are counted (the list holds
    /// more than a megabyte once a cursor is kept) and the list stays within its budget
    /// (16 MiB), however far it walks. Before: 60 MB of cursors kept, none counted.
    @Test func endsWalkOverMegabyteCursorsStaysWithinTheBudget() async throws {
        let (list, fetcher, network) = try await Self.opened(cursorBytes: 1_048_576)
        list.startWalk()
        var heldAfterTwoPages = 0
        var largest = 0
        while network.count < 60 {
            let tickets = list.ticketsForPages(near: max(0, list.count - 20)..<list.count, before: 20, after: 20)
            try #require(!tickets.isEmpty)
            for ticket in tickets { list.apply(await fetcher.fetch(ticket), for: ticket) }
            if network.count == 2 { heldAfterTwoPages = list.heldBytes }
            largest = max(largest, list.heldBytes)
        }
        #expect(list.count == 1_200)
        #expect(heldAfterTwoPages > 1_048_576, "the second page's cursor counts: \(heldAfterTwoPages) bytes")
        #expect(largest <= list.maxBytes, "\(largest) bytes held at most, budget \(list.maxBytes)")
        // The last pages are still shown; the first, dropped with its request kept while it fits.
        #expect(list.item(at: 1_199)?.rawID == 1_200)
    }

    /// A page whose cursor was let go says why where it is shown, and is not asked again.
    @Test func aPageWhoseCursorWentSaysSoAndIsNotAsked() async throws {
        let (list, fetcher, network) = try await Self.opened(cursorBytes: 1_048_576)
        list.startWalk()
        while network.count < 40 {
            let tickets = list.ticketsForPages(near: max(0, list.count - 20)..<list.count, before: 20, after: 20)
            for ticket in tickets { list.apply(await fetcher.fetch(ticket), for: ticket) }
        }
        list.stopWalk()
        let asked = network.count
        // Page 2 (items 20…39) came by a 1 MB cursor let go long ago.
        let tickets = list.ticketsForPages(near: 20..<40, before: 0, after: 0)
        for ticket in tickets { list.apply(await fetcher.fetch(ticket), for: ticket) }
        #expect(network.count == asked, "nothing asked for a page whose cursor is gone")
        #expect(list.failure?.message.contains("memory budget") == true, "\(String(describing: list.failure))")
    }

    /// The session cache counts a request's URL against its budget as it counts the answer:
    /// 1 MB cursors in the URLs of small answers kept 4 MiB of answers' worth of URLs each
    /// time (only bodies were counted). 20 such pages through a 4 MiB cache keep about 3.
    @Test func theSessionCacheCountsTheCursorsInItsKeys() async throws {
        let server = HugeCursorList(cursorBytes: 1_048_576)
        let cache = CachingTransport(wrapping: server, capacityBytes: 4 * 1_048_576)
        for page in 2...21 {
            let url = try #require(URL(string: "\(HugeCursorList.origin)/items?cursor=\(server.cursor(page: page))"))
            let answer = try await cache.send(HTTPRequest(url: url))
            answer.confirmDecoded()
        }
        // Each answer holds the next 1 MB cursor and its key another: two a megabyte each.
        #expect(cache.count <= 2, "\(cache.count) answers kept")
        #expect(cache.count >= 1)
    }

    /// The loop guard over 300 pages of 1 MB cursors holds digests: a few kilobytes beside
    /// the last request, not 300 MB; and it still refuses a cursor that comes round again.
    @Test func theLoopGuardKeepsDigestsAndStillFindsARepeat() throws {
        let server = HugeCursorList(cursorBytes: 1_048_576)
        func page(_ number: Int) throws -> PageRequest {
            let url = try #require(URL(string: number == 1 ? "\(HugeCursorList.origin)/items" : "\(HugeCursorList.origin)/items?cursor=\(server.cursor(page: number))"))
            return PageRequest(url: url, index: number - 1)
        }
        var guardian = PageLinkGuard(firstPage: try page(1))
        for number in 1..<300 {
            #expect(guardian.admit(try page(number + 1), after: try page(number), bringsNothingNew: false) == nil)
        }
        #expect(guardian.retainedBytes < 3 * 1_048_576 + 300 * 64, "\(guardian.retainedBytes) bytes")
        let refusal = guardian.admit(try page(17), after: try page(300), bringsNothingNew: false)
        #expect(refusal?.kind == .refusedNext)
        #expect(refusal?.message.contains("repeats a page") == true)
    }
}
