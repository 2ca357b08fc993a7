import Foundation
@testable import PortalCore
@testable import PortalPaging
import PortalTestSupport
import Testing
import PortalREST
@testable import PortalExport

/// Issue 35, item 15: a list whose walk stops with an error hands on every item read
/// before it. A page whose `next` cannot be followed (another origin, in the body or the
/// `Link` header; a link that goes round) is read, its items handed on, then the stream
/// fails saying why; the browser's list (which reads pages outside a stream) still fails
/// such a page as before.
@Suite("A list stream that stops hands on what it read")
struct ListStreamStopTests {
    static let url = URL(string: "https://api.test/items")!  // swiftlint:disable:this force_unwrapping

    static func items(_ range: ClosedRange<Int>) -> String {
        range.map { #"{"id":\#($0),"name":"item \#($0)"}"# }.joined(separator: ",")
    }

    /// Reads the list of `first` (the answer to `url`) through a stream; the ids handed
    /// on and the failure it ended with.
    static func read(_ answers: [String: HTTPResponse]) async throws -> (ids: [Int], failure: ListStream.Failure?, requests: Int) {
        let transport = CountingTransport(FixedTransport(answers: answers))
        let first = try #require(answers[url.absoluteString])
        let source = AnyAPISource(pages: AnyAPIPages(url: url, reading: try DialectDetector.detect(first, for: url)))
        let query = ListQuery(kind: source.tabs[0].kind)
        let fetcher = PageFetcher(transport: transport, strategy: SourcePages(source: source, query: query), policy: .none)
        let stream = ListStream(source: source, query: query, range: .all, fetcher: fetcher)
        var ids: [Int] = []
        do {
            _ = try await stream.run { _, items in
                ids += items.map(\.rawID)
                return true
            }
            return (ids, nil, transport.count)
        } catch let failure as ListStream.Failure {
            return (ids, failure, transport.count)
        }
    }

    @Test("a next on another origin, in the body or the Link header: the page's items, then the reason")
    func foreignNextAfterItsPage() async throws {
        let body = HTTPResponse.json(200, #"{"results":[\#(Self.items(1...20))],"count":40,"next":"https://elsewhere.test/items?page=2"}"#)
        let link = HTTPResponse.json(200, "[\(Self.items(1...20))]", headers: ["link": #"<https://elsewhere.test/items?page=2>; rel="next""#])
        for answer in [body, link] {
            let (ids, failure, requests) = try await Self.read([Self.url.absoluteString: answer])
            #expect(ids == Array(1...20))
            let stop = try #require(failure)
            #expect(stop.failure.kind == .foreignLink && stop.delivered == 20 && stop.afterItsItems)
            #expect(requests == 1)
        }
    }

    @Test("a next that goes round: the page's new items, then the reason")
    func loopingNextAfterItsPage() async throws {
        let page2 = Self.url.absoluteString + "?page=2"
        let (ids, failure, requests) = try await Self.read([
            Self.url.absoluteString: .json(200, #"{"results":[\#(Self.items(1...20))],"next":"\#(page2)"}"#),
            page2: .json(200, #"{"results":[\#(Self.items(21...40))],"next":"\#(Self.url.absoluteString)"}"#),
        ])
        #expect(ids == Array(1...40))
        #expect(failure?.failure.kind == .refusedNext && failure?.delivered == 40)
        #expect(requests == 2)
    }

    @Test("the browser's reading of the same page still fails it (nothing shown as if the list ended)")
    func outsideAStreamThePageFails() async throws {
        let answer = HTTPResponse.json(200, #"{"results":[\#(Self.items(1...20))],"count":40,"next":"https://elsewhere.test/items?page=2"}"#)
        let source = AnyAPISource(pages: AnyAPIPages(url: Self.url, reading: try DialectDetector.detect(answer, for: Self.url)))
        let query = ListQuery(kind: source.tabs[0].kind)
        #expect(throws: PageFailure.self) { try source.decodePage(answer, for: source.firstPage(for: query), of: query) }
    }
}
