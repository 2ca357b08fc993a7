import Foundation
@testable import PortalCache
@testable import PortalCore
@testable import PortalPaging
import PortalTestSupport
import Synchronization
import Testing
import PortalExport
import PortalREST

/// A server that starts refusing old cursors (410 Gone) while the disk cache keeps, fresh
/// for a day, the page that gave one: the list heals (`DeadLink`) instead of failing
/// every run for a day — `portal list` by itself (`ListStream`), the browser's walked
/// list on `r` (`ListLoader.retry`), through the real session and disk caches.
@Suite("Dead cursors heal", .serialized)
struct DeadCursorTests {
    /// Three pages of 20 at `/list`, walked by `next_cursor` tokens `<epoch>-<page>`; a
    /// token of another epoch is 410. Every answer is fresh for a day. The server side of
    /// the network, as the other cache tests have it (`TaggingServer`): the caches in
    /// front of it are the real ones.
    final class CursorServer: Transport {
        private let state = Mutex((epoch: 1, requests: 0))
        let url = URL(string: "https://cursors.example/list")!

        var requestCount: Int { state.withLock { $0.requests } }
        func forgetOldCursors() { state.withLock { $0.epoch += 1 } }

        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            let now = state.withLock { state in
                state.requests += 1
                return state.epoch
            }
            let target = request.url.absoluteString
            var page = 1
            if let range = target.range(of: "cursor=") {
                let token = target[range.upperBound...].prefix { $0 != "&" }.split(separator: "-")
                guard token.count == 2, Int(token[0]) == now, let number = Int(token[1]) else {
                    return HTTPResponse(status: 410, headers: ["Content-Type": "application/json"], body: Data(#"{"message":"cursor expired"}"#.utf8))
                }
                page = number
            }
            let items = (1...20).map { #"{"id":\#(($0) + (page - 1) * 20),"name":"n\#($0)"}"# }.joined(separator: ",")
            let next = page < 3 ? "\"\(now)-\(page + 1)\"" : "null"
            return HTTPResponse(status: 200, headers: ["Content-Type": "application/json", "Cache-Control": "max-age=86400"],
                                body: Data(#"{"results":[\#(items)],"next_cursor":\#(next)}"#.utf8))
        }
    }

    /// A new run's transports (a new session cache) over the same disk cache.
    static func run(_ server: CursorServer, _ dir: TemporaryDirectory) -> any Transport {
        CachingTransport(wrapping: DiskCachingTransport(wrapping: server, cache: DiskCache(directory: dir.path)))
    }

    /// The list's source, its dialect detected from a first answer asked of the server.
    static func source(_ server: CursorServer) async throws -> AnyAPISource {
        let first = try await server.send(HTTPRequest(url: server.url))
        let reading = try DialectDetector.detect(first, for: server.url)
        return AnyAPISource(pages: AnyAPIPages(url: server.url, reading: reading))
    }

    /// The list's ids as `portal list` reads it (`pages`: stop after that many, as `--limit`).
    static func stream(_ source: AnyAPISource, over transport: any Transport, pages: Int? = nil) async throws -> [Int] {
        let query = ListQuery(kind: source.tabs[0].kind)
        let fetcher = PageFetcher(transport: transport, strategy: SourcePages(source: source, query: query), policy: .none)
        let stream = ListStream(source: source, query: query, range: .all, fetcher: fetcher)
        var ids: [Int] = []
        _ = try await stream.run { _, items in
            ids += items.map(\.rawID)
            return pages.map { stream.pagesFetched < $0 } ?? true
        }
        return ids
    }

    /// `cached`: pages the first run read (kept a day). With one, the page that gave the
    /// dead cursor is read again; with two, that page's own cursor is dead too, and the
    /// list is read again from its first page, the items shown skipped.
    @Test(arguments: [(1, 4), (2, 5)])
    func portalListWalksOnFromAFreshCopyOfThePageThatGaveTheDeadCursor(cached: Int, requests: Int) async throws {
        let server = CursorServer()
        let dir = try TemporaryDirectory()
        let first = Self.run(server, dir)
        let source = try await Self.source(server)
        // A first run reads the first pages only (`--limit`): the disk cache keeps them a day.
        #expect(try await Self.stream(source, over: first, pages: cached) == Array(1...(20 * cached)))
        #expect(server.requestCount == 1 + cached)

        // The server forgets its old cursors; the cache's page 1 holds a dead one.
        server.forgetOldCursors()
        #expect(try await Self.stream(source, over: Self.run(server, dir)) == Array(1...60))
        // The dead cursor (410), the page that gave it (410 too when its own cursor is
        // dead, then page 1) again from the network, and on.
        #expect(server.requestCount == 1 + cached + requests)
        // The fresh page 1 is what the cache holds now: the next run asks for nothing.
        #expect(try await Self.stream(source, over: Self.run(server, dir)) == Array(1...60))
        #expect(server.requestCount == 1 + cached + requests)
    }

    @Test(arguments: [1, 2])
    func theBrowsersRetryAsksForThePageThatGaveTheDeadCursor(cached: Int) async throws {
        let server = CursorServer()
        let dir = try TemporaryDirectory()
        let first = Self.run(server, dir)
        let source = try await Self.source(server)
        #expect(try await Self.stream(source, over: first, pages: cached) == Array(1...(20 * cached)))
        server.forgetOldCursors()

        let strategy = SourcePages(source: source, query: ListQuery(kind: source.tabs[0].kind))
        let fetcher = PageFetcher(transport: Self.run(server, dir), strategy: strategy, policy: .none)
        let loader = ListLoader(strategy: strategy)
        var failures = 0
        while let ticket = loader.loadMore() ?? loader.retry() {
            if case .failed(let failure) = loader.apply(await fetcher.fetch(ticket), for: ticket) {
                #expect(DeadLink.isDead(failure), "\(failure)")
                failures += 1
                if failures > 3 { break }
            }
        }
        // Each `r` heals one step: the page before (and, when its cursor is dead too, the first).
        #expect(failures == cached)
        #expect(loader.items.map(\.rawID) == Array(1...60))
        #expect(loader.isExhausted)
        // Pages read again to heal are not counted as more pages (the status line's `page N`).
        #expect(loader.pagesLoaded == 3)
    }

    @Test(arguments: [(410, true), (400, true), (404, true), (422, true), (401, false), (403, false), (429, false), (500, false)])
    func whichRefusalsSayALinkIsDead(status: Int, dead: Bool) throws {
        let failure = PageFailure(.http(status: status), "HTTP \(status)")
        #expect(DeadLink.isDead(failure) == dead)
        let one = PageRequest(url: try #require(URL(string: "http://h/list")), index: 0)
        let two = PageRequest(url: try #require(URL(string: "http://h/list?cursor=a")), index: 1)
        let three = PageRequest(url: try #require(URL(string: "http://h/list?cursor=b")), index: 2)
        var healer = DeadLink.Healer(first: one)
        #expect(healer.heal(failure, of: one) == nil, "the first page needs no link")
        healer.arrived(one, broughtNew: true)
        healer.arrived(two, broughtNew: true)
        let again = healer.heal(failure, of: three)
        #expect(again.map { $0.request.http.reload && $0.request == two } == (dead ? true : nil))
        guard dead, let again else { return }
        // The page before is dead too: the first page; then nothing more.
        #expect(healer.heal(failure, of: again.request) == .restart({ var first = one; first.http.reload = true; return first }()))
        #expect(healer.heal(failure, of: two) == nil)
    }
}
