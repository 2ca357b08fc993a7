import Foundation
import PortalCore
import PortalTestSupport
import Testing
import PortalPaging

/// A list spec's `paging` table names the style's parameters and places: the dialect reads
/// exactly those (a page parameter `pg`, a total at `paging.total_count`, a has-more flag
/// and the value sent back where the API keeps them), where detection alone would guess.
@Suite("Paging tables")
struct PagingTablesAddressPagesAndReadTheirTotalsTests {
    static func reading(_ body: String, url: String, spec: PagingSpec, items: [String]) throws -> (ListReading, HTTPResponse, URL) {
        let url = try #require(URL(string: url))
        let response = HTTPResponse(status: 200, body: Data(body.utf8))
        return (try DialectDetector.detect(response, for: url, overrides: DialectDetector.Overrides(items: items, spec: spec)), response, url)
    }

    @Test func aPageTableAddressesPagesByItsParameterAndReadsItsTotal() async throws {
        let url = try #require(URL(string: CrewTransport.root + "/members"))
        let first = try await CrewTransport().send(HTTPRequest(url: url))
        let reading = try DialectDetector.detect(first, for: url, overrides: DialectDetector.Overrides(items: ["members"], spec: CrewTransport.membersSpec.paging))
        #expect(reading.addressing == .pageParam("pg", first: 1))
        #expect(reading.total == .body(["paging", "total_count"]))
        #expect(AnyAPIPages(url: url, reading: reading).request(forPage: 11)?.http.url.absoluteString == CrewTransport.root + "/members?pg=12")
        // Detection alone finds no total there and cannot jump.
        let guessed = try DialectDetector.detect(first, for: url, overrides: DialectDetector.Overrides(items: ["members"]))
        #expect(guessed.total == nil && guessed.addressing == nil)
    }

    @Test func aHasMoreTableReadsItsFlagAndTheValueSentBack() throws {
        let body = #"{"rows":[{"id":1},{"id":2}],"more":{"flag":true,"after":"tok-2"}}"#
        let spec = PagingSpec(style: "has-more", names: ["has_more": "more.flag", "cursor": "after", "next": "more.after"])
        let (reading, response, url) = try Self.reading(body, url: "https://x.test/rows", spec: spec, items: ["rows"])
        let pages = AnyAPIPages(url: url, reading: reading)
        let next = try pages.decode(response, for: pages.firstPage).next
        #expect(next?.http.url.absoluteString == "https://x.test/rows?after=tok-2")
        #expect(PagingSpec(reading) == spec, "apis show writes back what was read")
        let last = HTTPResponse(status: 200, body: Data(#"{"rows":[{"id":3}],"more":{"flag":false}}"#.utf8))
        #expect(try pages.decode(last, for: pages.firstPage).next == nil)
    }

    @Test func aCursorTableReadsTheTokenWhereItSays() throws {
        let body = #"{"data":[{"id":1}],"page":{"token":"abc"}}"#
        let spec = PagingSpec(style: "cursor", names: ["cursor": "pageToken", "next": "page.token"])
        let (reading, response, url) = try Self.reading(body, url: "https://x.test/things", spec: spec, items: ["data"])
        let pages = AnyAPIPages(url: url, reading: reading)
        #expect(try pages.decode(response, for: pages.firstPage).next?.http.url.absoluteString == "https://x.test/things?pageToken=abc")
    }
}
