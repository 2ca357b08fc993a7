import Foundation
import PortalCore
import PortalPaging
import PortalTestSupport
import Testing
import PortalREST

/// A saved API's list read when its tab is shown (issue 35, item 1): the browser asked
/// every saved list's first page, one after another, before its first screen. An
/// `unread` list asks nothing until its first page is decoded; that answer is read as
/// `--url` reads it (the overrides kept), and the page hands the list its addressing.
@Suite("A list read from its own first page")
struct AListIsReadFromItsOwnFirstPageTests {
    @Test func nothingIsAskedBeforeTheFirstPageAndThatPageMakesTheListJump() async throws {
        let network = CountingTransport(TestData.snapshot)
        let url = try #require(URL(string: TestData.baseURL + "/character"))
        let source = AnyAPISource.unread(url: url, headers: [:], overrides: DialectDetector.Overrides(), name: "people")
        let query = ListQuery(kind: source.tabs[0].kind)
        #expect(network.count == 0 && source.isUnread && source.tabs[0].title == "People")
        #expect(source.addressablePages(of: query) == nil)
        let list = SparseList<Item>(firstPage: source.firstPage(for: query), addressing: PageAddressing(source: source, query: query))
        let fetcher = PageFetcher(transport: network, strategy: SourcePages(source: source, query: query), policy: .none)
        for ticket in list.ticketsForPages(near: 0..<20, before: 0, after: 0) { list.apply(await fetcher.fetch(ticket), for: ticket) }
        #expect(network.count == 1 && !source.isUnread)
        #expect(list.isAddressable && list.count == 826)
        // End: the last page, one request (by the page number its first answer showed).
        for ticket in list.ticketsForPages(near: 820..<826, before: 0, after: 0) { list.apply(await fetcher.fetch(ticket), for: ticket) }
        #expect(network.count == 2 && network.urls.last?.hasSuffix("page=42") == true, "\(network.urls)")
        #expect(list.item(at: 825) != nil)
    }

    /// `--items` given is kept: the answer is read with it, as `--url` would.
    @Test func theOverridesAreKept() async throws {
        let url = try #require(URL(string: TestData.baseURL + "/character"))
        let source = AnyAPISource.unread(url: url, headers: [:], overrides: DialectDetector.Overrides(items: ["info"]))
        let query = ListQuery(kind: source.tabs[0].kind)
        let first = source.firstPage(for: query)
        let answer = try await TestData.snapshot.send(first.http)
        #expect(throws: PageFailure.self) { try source.decodePage(answer, for: first, of: query) }
    }
}
