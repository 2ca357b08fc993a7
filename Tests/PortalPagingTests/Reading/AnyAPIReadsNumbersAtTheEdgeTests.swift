import Foundation
import PortalCore
import PortalTestSupport
import Testing
import PortalPaging

/// Numbers at the edge in the any-API dialects: totals, offsets, page numbers and
/// `Content-Range` windows near `Int.max`, from the server or from the `--url` given. No
/// arithmetic on them traps; a total is capped like every dialect's (`ReportedCount`).
@Suite("Any API: numbers at the edge")
struct AnyAPIReadsNumbersAtTheEdgeTests {
    static let rows = #"{"items":[{"id":1},{"id":2}],"total":99999999999999999}"#

    @Test func aTotalNearTheLimitIsCapped() throws {
        let url = try #require(URL(string: "http://api.test/things?page=1"))
        let pages = AnyAPIPages(url: url, reading: ListReading(items: ["items"], paging: .pageNumber(param: "page"),
                                                                total: .body(["total"]), addressing: .pageParam("page", first: 1), pageSize: 2))
        let page = try pages.decode(.json(200, Self.rows), for: pages.firstPage)
        #expect(page.totalCount == ReportedCount.maximum)
        let header = AnyAPIPages(url: url, reading: ListReading(items: ["items"], paging: .pageNumber(param: "page"),
                                                                 total: .header("x-total-count"), pageSize: 2))
        let counted = try header.decode(.json(200, Self.rows, headers: ["X-Total-Count": "99999999999999"]), for: header.firstPage)
        #expect(counted.totalCount == ReportedCount.maximum)
    }

    /// Page numbers and offsets that start near Int.max (`--url …?page=9223372036854775807`)
    /// address no page past it instead of trapping.
    @Test func pagesAndOffsetsNearTheLimitAreNotAddressed() throws {
        let max = Int.max
        let byPage = AnyAPIPages(url: try #require(URL(string: "http://api.test/things?page=\(max)")),
                                 reading: ListReading(items: ["items"], paging: .pageNumber(param: "page"), addressing: .pageParam("page", first: max), pageSize: 2))
        #expect(byPage.request(forPage: 1) == nil)
        let byOffset = AnyAPIPages(url: try #require(URL(string: "http://api.test/things?offset=\(max - 1)")),
                                   reading: ListReading(items: ["items"], paging: .offset(param: "offset"), addressing: .offsetParam("offset", start: max - 1), pageSize: 2))
        #expect(byOffset.request(forPage: 1) == nil)
        // Following offsets: the next offset would pass Int.max, so there is none.
        let page = try byOffset.decode(.json(200, #"{"items":[{"id":1},{"id":2}]}"#), for: byOffset.firstPage)
        #expect(page.next == nil)
        // A window that ends exactly at Int.max is asked for; one that would end past it is not.
        let byTwo = AnyAPIPages(url: try #require(URL(string: "http://api.test/things")),
                                reading: ListReading(items: [], paging: .contentRange, addressing: .rangeHeader, pageSize: 2))
        #expect(byTwo.request(forPage: max / 2)?.http.headers["Range"] == "\(max - 1)-\(max)")
        let byThree = AnyAPIPages(url: try #require(URL(string: "http://api.test/things")),
                                  reading: ListReading(items: [], paging: .contentRange, addressing: .rangeHeader, pageSize: 3))
        #expect(byThree.request(forPage: max / 3) == nil)
    }

    /// A `Content-Range` window ending at Int.max is the last one, not a trap.
    @Test func aContentRangeAtTheLimitEndsTheList() throws {
        let pages = AnyAPIPages(url: try #require(URL(string: "http://api.test/things")),
                                reading: ListReading(items: [], paging: .contentRange, total: .contentRange, addressing: .rangeHeader, pageSize: 2))
        let last = try pages.decode(.json(206, #"[{"id":1},{"id":2}]"#, headers: ["Content-Range": "\(Int.max - 1)-\(Int.max)/\(Int.max)"]),
                                    for: pages.firstPage)
        #expect(last.next == nil && last.totalCount != nil)
    }
}
