import Foundation
import PortalCore
import PortalServers
import PortalTestSupport
import Testing
import PortalPaging

/// Every paging style the mirror speaks, read by portal's detector and walked by the one
/// list engine: every character once, in order, one request a page.
@Suite struct DialectRoutesTests {
    /// Requests a whole walk of the 826 characters takes in each style (its default page size).
    static let walks: [(PagingStyle, Int)] = [
        (.link, 28), (.pages, 17), (.next, 42), (.nextNoCount, 42), (.cursor, 42), (.stripe, 83), (.jsonapi, 42), (.hal, 42),
    ]

    @Test(arguments: walks)
    func everyCharacterOnceOneRequestAPage(style: PagingStyle, requests: Int) async throws {
        let network = CountingTransport(try DialectTransport())
        let session = CachingTransport(wrapping: network)
        let url = DialectTransport.url(style)
        // The probe's answer is the first page: the walk through the session cache asks for it no more.
        let reading = try await DialectProbe.detect(url: url, headers: [:], overrides: .init(), sender: RetryingSender(transport: session)).get()
        let loader = await drain(AnyAPIPages(url: url, reading: reading), through: session)
        #expect(loader.items.count == 826)
        #expect(loader.items.map { Int($0.id) } == Array(1...826))
        #expect(network.count == requests)
    }

    @Test func theDialectsAreTheOnesTheirFamiliesUse() async throws {
        let transport = try DialectTransport()
        var found: [PagingStyle: ListReading] = [:]
        for style in PagingStyle.allCases {
            let url = DialectTransport.url(style)
            found[style] = try DialectDetector.detect(try await transport.send(HTTPRequest(url: url)), for: url)
        }
        let link = try #require(found[.link]), pages = try #require(found[.pages])
        #expect(link.paging == .linkHeader && link.addressing != nil)
        #expect(pages.paging == .pageNumber(param: "page") && pages.total == .body(["total"]))
        #expect(found[.next]?.total == .body(["count"]) && found[.next]?.addressing == .pageParam("page", first: 1))
        #expect(found[.nextNoCount]?.total == nil && found[.nextNoCount]?.addressing == nil)
        let cursor = try #require(found[.cursor]), stripe = try #require(found[.stripe]), jsonapi = try #require(found[.jsonapi])
        #expect(cursor.paging == .cursor(path: ["next_cursor"], param: "cursor"))
        #expect(stripe.paging == .hasMore(param: "starting_after"))
        #expect(jsonapi.paging == .nextURL(["links", "next"]) && jsonapi.total == .body(["meta", "total"]))
        #expect(found[.hal]?.items == ["_embedded", "characters"] && found[.hal]?.addressing == .pageParam("page", first: 0))
    }

    /// On a million characters, the last page of a paged list is one request away.
    @Test(arguments: [PagingStyle.next, .pages, .jsonapi, .hal, .link])
    func theLastPageOfAMillionIsOneRequest(style: PagingStyle) async throws {
        let network = CountingTransport(try DialectTransport(scale: 1_000_000))
        let url = DialectTransport.url(style)
        let first = try await network.send(HTTPRequest(url: url))
        let reading = try DialectDetector.detect(first, for: url)
        let pages = AnyAPIPages(url: url, reading: reading)
        let lastIndex = (1_000_000 + pages.pageSize - 1) / pages.pageSize - 1
        let request = try #require(pages.request(forPage: lastIndex))
        let last = try pages.decode(try await network.send(request.http), for: request)
        #expect(last.items.last.map { Int($0.id) } == 1_000_000)
        #expect(last.next == nil && last.totalCount == 1_000_000)
        #expect(network.count == 2)
    }
}
