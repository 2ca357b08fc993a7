import Foundation
@testable import PortalCore
@testable import PortalPaging
import PortalPresets
import PortalServers
import PortalTestSupport
import Synchronization
import Testing
import PortalREST
@testable import PortalExport

/// `portal list`'s reading of a list (`ListStream`): a range from the middle of a list
/// that can jump costs the pages that hold it; a list that can only walk is walked and
/// skipped; and a long walk keeps nothing that grows with it.
@Suite("Streaming a list for output")
struct ListStreamTests {
    static let rickAndMorty = TestData.rickAndMorty()

    /// A `--url` list over the mirror's dialect routes (in process), as `portal list
    /// --url` reads it: the dialect detected from the first answer.
    static func dialectSource(_ style: PagingStyle, scale: Int? = nil) async throws -> (any Source, CountingTransport) {
        let transport = CountingTransport(try DialectTransport(scale: scale))
        let url = DialectTransport.url(style)
        let first = try await transport.send(HTTPRequest(url: url))
        let reading = try DialectDetector.detect(first, for: url)
        return (AnyAPISource(pages: AnyAPIPages(url: url, reading: reading)), transport)
    }

    /// Runs `range` of `query` in `source`; the items' raw ids and the stream.
    static func read(_ source: any Source, _ query: ListQuery, _ range: ItemRange, over transport: any Transport,
                     stopAfterPages: Int? = nil) async throws -> ([Int], ListStream, ListStream.End) {
        let fetcher = PageFetcher(transport: transport, strategy: SourcePages(source: source, query: query), policy: .none)
        let stream = ListStream(source: source, query: query, range: range, fetcher: fetcher)
        var ids: [Int] = []
        let end = try await stream.run { _, items in
            ids += items.map(\.rawID)
            return stopAfterPages.map { stream.pagesFetched < $0 } ?? true
        }
        return (ids, stream, end)
    }

    @Test("a range in the middle of a page-addressed list asks only for the pages holding it")
    func jumpsToTheRange() async throws {
        let counting = CountingTransport(TestData.snapshot)
        let (ids, stream, end) = try await Self.read(Self.rickAndMorty, ListQuery(kind: .character), try ItemRange(from: 390, to: 409), over: counting)
        #expect(ids == Array(390...409))
        #expect(end == .finished && stream.jumped)
        #expect(counting.urls == ["\(TestData.base)/character?page=20", "\(TestData.base)/character?page=21"])
    }

    @Test("either bound alone: from item N to the end, from the start to item M")
    func openRanges() async throws {
        let counting = CountingTransport(TestData.snapshot)
        let (tail, _, _) = try await Self.read(Self.rickAndMorty, ListQuery(kind: .character), try ItemRange(from: 815, to: nil), over: counting)
        #expect(tail == Array(815...826))
        #expect(counting.count == 2)
        let head = CountingTransport(TestData.snapshot)
        let (start, _, _) = try await Self.read(Self.rickAndMorty, ListQuery(kind: .character), try ItemRange(from: nil, to: 25), over: head)
        #expect(start == Array(1...25))
        #expect(head.count == 2)
    }

    @Test("a range past the end of the list says where it ends")
    func pastTheEnd() async throws {
        let (ids, _, end) = try await Self.read(Self.rickAndMorty, ListQuery(kind: .character), try ItemRange(from: 5_000, to: 5_010), over: TestData.snapshot)
        #expect(ids.isEmpty)
        #expect(end == .endsBefore(5_000))
    }

    @Test("a list that can only walk is walked from its first page, the range cut out of it")
    func walksACursorList() async throws {
        let (source, transport) = try await Self.dialectSource(.cursor)
        #expect(PageAddressing(source: source, query: ListQuery(kind: source.tabs[0].kind)) == nil)
        let before = transport.count
        let (ids, stream, _) = try await Self.read(source, ListQuery(kind: source.tabs[0].kind), try ItemRange(from: 35, to: 44), over: transport)
        #expect(ids == Array(35...44))
        #expect(!stream.jumped && transport.count - before == 3)
    }

    @Test("a --url list addressed by page jumps too")
    func jumpsOnAPagedURLList() async throws {
        let (source, transport) = try await Self.dialectSource(.next, scale: 100_000)
        let before = transport.count
        let (ids, stream, _) = try await Self.read(source, ListQuery(kind: source.tabs[0].kind), try ItemRange(from: 50_001, to: 50_030), over: transport)
        #expect(ids == Array(50_001...50_030))
        #expect(stream.jumped && transport.count - before == 2)
    }

    /// Issue 27, item 4: 420 pages of an endless cursor list grew `portal list` to 409 MB,
    /// because every item was kept. The stream keeps one page's ids, a guard window and a
    /// few checkpoints, however many pages pass.
    @Test("a long walk keeps nothing that grows with the list")
    func constantMemoryOverManyPages() async throws {
        let (source, transport) = try await Self.dialectSource(.cursor, scale: 1_000_000)
        let pages = ListStream.guardSpan * 2 + 100
        let (ids, stream, end) = try await Self.read(source, ListQuery(kind: source.tabs[0].kind), .all, over: transport, stopAfterPages: pages)
        #expect(end == .stopped && stream.pagesFetched == pages)
        #expect(ids.count == pages * 20 && ids == Array(1...(pages * 20)))
        let held = stream.retainedCounts
        #expect(held.pagesUnderGuard < ListStream.guardSpan)
        #expect(held.lastPageIDs <= 20)
        #expect(held.checkpoints <= 22)
        #expect(held.recentContents <= ListStream.guardSpan)
    }

    @Test("a next link that comes back after the guard's window is still refused")
    func longLoopEnds() async throws {
        // A list of 300 pages whose last page links back to its first: the round is longer
        // than the guard's window, so only the checkpoints can end it.
        let loop = LoopingList(pages: ListStream.guardSpan + 44)
        let source = AnyAPISource(pages: AnyAPIPages(url: LoopingList.url(page: 1), reading: try DialectDetector.detect(loop.answer(page: 1), for: LoopingList.url(page: 1))))
        await #expect(throws: ListStream.Failure.self) {
            _ = try await Self.read(source, ListQuery(kind: source.tabs[0].kind), .all, over: loop)
        }
        #expect(loop.requests.withLock { $0 } < 3 * (ListStream.guardSpan + 44))
    }

    /// Issue 27, item 3: items without ids and a `next` that is new text every time (a
    /// fresh cursor) while the pages alternate: the walk ends when a page comes again, each
    /// item printed once.
    @Test("pages that come back under new links end the walk")
    func contentLoopEnds() async throws {
        let server = ReturningPages()
        let url = ReturningPages.url(token: 1)
        let source = AnyAPISource(pages: AnyAPIPages(url: url, reading: try DialectDetector.detect(server.answer(token: 1), for: url)))
        var names: [String] = []
        let fetcher = PageFetcher(transport: server, strategy: SourcePages(source: source, query: ListQuery(kind: source.tabs[0].kind)), policy: .none)
        let stream = ListStream(source: source, query: ListQuery(kind: source.tabs[0].kind), range: .all, fetcher: fetcher)
        await #expect(throws: ListStream.Failure.self) {
            _ = try await stream.run { _, items in
                names += items.map(\.record.title)
                return true
            }
        }
        #expect(names.count == 10 && Set(names).count == 10, "\(names)")
        #expect(server.requests.withLock { $0 } == 3)
    }

    @Test("a page's items are cut to the range at both ends")
    func slices() throws {
        let items = (11...20).map { TableItems.row(Row(id: "\($0)", columns: [], json: "{}", position: $0), kind: ItemKind(rawValue: "t")) }
        #expect(ListStream.slice(of: items, startingAt: 11, in: try ItemRange(from: 13, to: 15)).map(\.rawID) == [13, 14, 15])
        #expect(ListStream.slice(of: items, startingAt: 11, in: try ItemRange(from: 1, to: 5)).isEmpty)
        #expect(ListStream.slice(of: items, startingAt: 11, in: try ItemRange(from: 25, to: nil)).isEmpty)
        #expect(ListStream.slice(of: items, startingAt: 11, in: .all).count == 10)
    }

    @Test("ranges below 1 or backwards are refused with what was given")
    func badRanges() {
        #expect(throws: ItemRange.Problem.fromBelowOne(0)) { try ItemRange(from: 0, to: nil) }
        #expect(throws: ItemRange.Problem.toBelowOne(-3)) { try ItemRange(from: nil, to: -3) }
        #expect(throws: ItemRange.Problem.toBeforeFrom(from: 10, to: 5)) { try ItemRange(from: 10, to: 5) }
        #expect((try? ItemRange(from: 5, to: 5))?.count == 1)
    }
}

/// A DRF-style list (`{next, results}`, no count) of `pages` pages whose last page's
/// `next` leads back to the first.
final class LoopingList: Transport {
    let pages: Int
    let requests = Mutex(0)

    init(pages: Int) { self.pages = pages }

    static func url(page: Int) -> URL {
        // swiftlint:disable:next force_unwrapping
        URL(string: "http://loop.test/items?cursor=c\(page)")!
    }

    func answer(page: Int) -> HTTPResponse {
        let next = page == pages ? 1 : page + 1
        let items = (0..<5).map { #"{"id":\#(page * 10 + $0),"name":"item \#(page)-\#($0)"}"# }.joined(separator: ",")
        return HTTPResponse(status: 200, body: Data(#"{"next":"\#(Self.url(page: next).absoluteString)","results":[\#(items)]}"#.utf8))
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        requests.withLock { $0 += 1 }
        let cursor = request.url.query?.split(separator: "=").last.map { String($0.dropFirst()) } ?? "1"
        return answer(page: Int(cursor) ?? 1)
    }
}

/// Items without ids, pages A and B in turn, each `next` a new token (`?t=N`).
final class ReturningPages: Transport {
    let requests = Mutex(0)

    static func url(token: Int) -> URL {
        // swiftlint:disable:next force_unwrapping
        URL(string: "http://returning.test/items?t=\(token)")!
    }

    func answer(token: Int) -> HTTPResponse {
        let side = token % 2 == 1 ? "a" : "b"
        let items = (1...5).map { #"{"name":"entry \#($0) at \#(side)"}"# }.joined(separator: ",")
        return HTTPResponse(status: 200, body: Data(#"{"next":"\#(Self.url(token: token + 1).absoluteString)","results":[\#(items)]}"#.utf8))
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        requests.withLock { $0 += 1 }
        let token = request.url.query?.split(separator: "=").last.flatMap { Int($0) } ?? 1
        return answer(token: token)
    }
}
