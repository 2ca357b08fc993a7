import Foundation
import PortalCore
import PortalServers
import PortalTestSupport
import Testing
import PortalPaging

/// `ContentRangePaging` on a PostgREST function's rows (`rpc/NAME`), which Supabase's
/// clients page by `limit`/`offset` in the query, not by a `Range` header: the windows
/// move the URL's `offset`, read from the snapshot's own PostgREST rules.
@Suite struct ContentRangeFunctionPagingTests {
    static let url = URL(string: SnapshotTransport.postgRESTBaseURL + "/rpc/characters_by_status?status=Dead&limit=20&offset=0")!

    @Test func aFunctionsRowsArePagedByOffsetAndEveryRowComesOnce() async throws {
        let snapshot = try SnapshotTransport(dataFolder: TestData.folder, api: .postgREST)
        let headers = ["Prefer": "count=exact"]
        let first = try await snapshot.send(HTTPRequest(url: Self.url, headers: headers))
        let reading = try DialectDetector.detect(first, for: Self.url)
        #expect(reading.paging == .contentRange && reading.total == .contentRange)
        #expect(reading.addressing == .offsetParam("offset", start: 0))
        let pages = AnyAPIPages(url: Self.url, reading: reading, headers: headers)
        let third = try #require(pages.request(forPage: 2))
        #expect(QueryEdit.value(third.http.url, "offset") == "40" && third.http.headers["Range"] == nil)
        let counting = CountingTransport(snapshot)
        let loader = await drain(pages, through: counting)
        #expect(loader.count == 287 && Set(loader.items.map(\.id)).count == 287)
        #expect(counting.count == 15)
    }
}
