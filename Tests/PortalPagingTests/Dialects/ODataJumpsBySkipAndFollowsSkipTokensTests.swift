import Foundation
import PortalCore
import Testing
import PortalPaging

/// OData, read as its own dialect (`ODataPaging`): the total at `@odata.count`, jumps by
/// `$skip`, the next page at `@odata.nextLink`; a `$skiptoken` link is walked. The answers
/// are the TripPin reference service's (odata.org, "Understand OData in 6 steps"),
/// abridged to two people a page.
@Suite struct ODataJumpsBySkipAndFollowsSkipTokensTests {
    static let first = URL(string: "https://services.odata.org/V4/TripPinServiceRW/People?$count=true&$top=2")!

    static func answer(skip: Int?, next: String?, count: Int? = 20) -> HTTPResponse {
        var body = #"{"@odata.context":"https://services.odata.org/V4/TripPinServiceRW/$metadata#People","#
        if let count { body += #""@odata.count":\#(count),"# }
        let from = skip ?? 0
        body += #""value":[{"UserName":"user\#(from + 1)","FirstName":"A"},{"UserName":"user\#(from + 2)","FirstName":"B"}]"#
        if let next { body += #","@odata.nextLink":"\#(next)""# }
        return HTTPResponse(status: 200, headers: ["content-type": "application/json; odata.metadata=minimal"], body: Data((body + "}").utf8))
    }

    @Test func clientDrivenPagesSayTheirTotalAndJumpBySkip() throws {
        let next = "https://services.odata.org/V4/TripPinServiceRW/People?%24count=true&%24top=2&%24skip=2"
        let d = try DialectDetector.detect(Self.answer(skip: nil, next: next), for: Self.first)
        #expect(d.items == ["value"] && d.paging == .odata && d.pageSize == 2)
        #expect(d.total == .body(["@odata.count"]))
        #expect(d.addressing == .offsetParam("$skip", start: 0))
        let pages = AnyAPIPages(url: Self.first, reading: d)
        let tenth = try #require(pages.request(forPage: 9))
        #expect(QueryEdit.value(tenth.http.url, "$skip") == "18" && QueryEdit.value(tenth.http.url, "$top") == "2")
        // The first page says the total and names the next page as the server wrote it.
        let page = try pages.decode(Self.answer(skip: nil, next: next), for: pages.firstPage)
        #expect(page.totalCount == 20 && page.items.count == 2)
        #expect(page.next?.http.url.absoluteString == next && page.next?.index == 1)
        // The last page names no next link: the end, at the total.
        let last = try pages.decode(Self.answer(skip: 18, next: nil), for: tenth)
        #expect(last.next == nil && last.totalCount == 20)
    }

    @Test func aSkipTokenIsFollowedNotJumped() throws {
        let next = "https://services.odata.org/V4/TripPinServiceRW/People?%24skiptoken=8"
        let d = try DialectDetector.detect(Self.answer(skip: nil, next: next, count: nil), for: Self.first)
        #expect(d.paging == .odata && d.addressing == nil && d.total == nil)
        let pages = AnyAPIPages(url: Self.first, reading: d)
        #expect(try pages.decode(Self.answer(skip: nil, next: next, count: nil), for: pages.firstPage).next?.http.url.absoluteString == next)
    }

    @Test func aNextLinkToAnotherServerIsRefused() throws {
        let d = try DialectDetector.detect(Self.answer(skip: nil, next: "https://services.odata.org/V4/TripPinServiceRW/People?%24skip=2"), for: Self.first)
        let pages = AnyAPIPages(url: Self.first, reading: d)
        #expect(throws: PageFailure.self) {
            try pages.decode(Self.answer(skip: nil, next: "https://elsewhere.example/People?%24skip=2"), for: pages.firstPage)
        }
    }

    @Test func pagingOdataIsANameOfTheRegistry() {
        #expect(PagingDialects.names.contains("odata"))
    }
}
