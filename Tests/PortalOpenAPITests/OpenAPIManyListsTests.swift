import Foundation
import PortalCore
import PortalPaging
import PortalOpenAPI
import PortalTestSupport
import Synchronization
import Testing

/// A document of 1,000 list operations (issue 35, item 1): the browser sent 1,003 requests
/// before its first screen, every list's first page asked to read how it pages. A list is
/// read from its own first page when its tab is shown (or `portal list` names it):
/// describing more lists costs nothing until they are used.
@Suite("An OpenAPI document of many lists asks only for the lists used")
struct OpenAPIManyListsTests {
    static let origin = "http://many-lists.test"

    /// 1,000 operations `GET /list1` … `/list1000`, each FastAPI's `list[Item]` with
    /// `skip`/`limit` (a bare array: the parameters say it pages).
    static let document: Data = {
        let paths = (1...1_000).map { n in
            #""/list\#(n)":{"get":{"operationId":"list\#(n)","parameters":[{"name":"skip","in":"query","schema":{"type":"integer"}},{"name":"limit","in":"query","schema":{"type":"integer"}}],"responses":{"200":{"description":"ok","content":{"application/json":{"schema":{"type":"array","items":{"type":"object"}}}}}}}}"#
        }
        return Data(#"{"openapi":"3.1.0","info":{"title":"Many","version":"1"},"servers":[{"url":"\#(origin)"}],"paths":{\#(paths.joined(separator: ","))}}"#.utf8)
    }()

    /// 45 items per list, `skip`/`limit` read as FastAPI reads them (limit 10 by default).
    final class Server: Transport {
        private let log = Mutex<[String]>([])
        var urls: [String] { log.withLock { $0 } }

        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            let url = request.url
            log.withLock { $0.append(url.absoluteString) }
            let skip = QueryEdit.value(url, "skip").flatMap { Int($0) } ?? 0
            let limit = QueryEdit.value(url, "limit").flatMap { Int($0) } ?? 10
            let items = (1...45).dropFirst(skip).prefix(limit).map { #"{"id":\#($0),"name":"\#(url.path) \#($0)"}"# }
            return HTTPResponse(status: 200, headers: ["content-type": "application/json"], body: Data("[\(items.joined(separator: ","))]".utf8))
        }
    }

    @Test func theBrowsersSourceAsksNothingAndAListCostsItsOwnPages() async throws {
        let tabs = try OpenAPITabs.parse(Self.document, documentURL: nil)
        #expect(tabs.lists.count == 1_000)
        let server = Server()
        let (source, readings) = await tabs.source(transport: server, headers: [:])
        #expect(server.urls.isEmpty, "nothing asked before a tab is shown")
        #expect(readings.isEmpty && source.tabs.count == 1_000)
        // The first tab shown: its pages only, read from its first answer (offsets by `skip`).
        let items = try await everyItem(of: ItemKind(rawValue: "list1"), in: source, through: server)
        #expect(items.count == 45)
        #expect(server.urls.count == 5 && server.urls.allSatisfy { $0.hasPrefix(Self.origin + "/list1?") || $0 == Self.origin + "/list1" })
        #expect(source.readings.count == 1)
    }

    /// The first page hands the tab's list its addressing: it jumps (End asks the last
    /// page, not every page before it).
    @Test func aTabsFirstPageMakesItsListAddressable() async throws {
        let tabs = try OpenAPITabs.parse(Self.document, documentURL: nil)
        let server = Server()
        let source = await tabs.source(transport: server, headers: [:]).source
        let query = ListQuery(kind: ItemKind(rawValue: "list700"))
        #expect(source.addressablePages(of: query) == nil)
        let list = SparseList<Item>(firstPage: source.firstPage(for: query), addressing: PageAddressing(source: source, query: query))
        let fetcher = PageFetcher(transport: server, strategy: SourcePages(source: source, query: query), policy: .none)
        for ticket in list.ticketsForPages(near: 0..<10, before: 0, after: 0) { list.apply(await fetcher.fetch(ticket), for: ticket) }
        #expect(list.addressing != nil && server.urls == [Self.origin + "/list700"])
        #expect(source.addressablePages(of: query) != nil)
    }

    /// `portal list LIST` reads the list it names, and that one only, at most four at a time.
    @Test func aChosenListIsReadAloneBeforeItStarts() async throws {
        let tabs = try OpenAPITabs.parse(Self.document, documentURL: nil)
        let server = Server()
        let chosen = try #require(tabs.list(named: "list3"))
        let (source, readings) = await tabs.source(transport: server, headers: [:], lists: [chosen])
        #expect(server.urls == [Self.origin + "/list3"])
        #expect(try readings.first?.reading.get().paging.description == OffsetPaging(param: "skip").description)
        #expect(source.addressablePages(of: ListQuery(kind: ItemKind(rawValue: "list3"))) != nil)
    }
}
