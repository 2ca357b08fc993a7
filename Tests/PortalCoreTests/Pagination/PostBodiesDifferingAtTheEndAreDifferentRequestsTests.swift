import Foundation
@testable import PortalCore
import Testing

/// A page request's identity (what the loop guards remember) tells apart requests that
/// differ anywhere, however long they are.
struct PostBodiesDifferingAtTheEndAreDifferentRequestsTests {
    /// GraphQL pages are POSTs of one long query to one URL, told apart only by the
    /// variables at the end of the body. `Data`'s own hash reads only the first 80 bytes:
    /// hashing the body with it made page 2 "the same request" as page 1, and every
    /// `portal list` of a GraphQL list stopped at its first page.
    @Test func postBodiesThatDifferOnlyAtTheEndAreDifferentRequests() throws {
        let url = try #require(URL(string: "http://127.0.0.1:8080/graphql"))
        let query = String(repeating: "query { episodes(offset: $offset) { id name air_date } } ", count: 4)
        func page(_ offset: Int) -> PageRequest {
            let body = Data(#"{"query":"\#(query)","variables":{"offset":\#(offset)}}"#.utf8)
            return PageRequest(http: HTTPRequest(method: "POST", url: url, body: body), index: offset / 20)
        }
        #expect(page(0).identity != page(20).identity)
        #expect(page(20).identity == page(20).identity)
        var guardRequests = PageLinkGuard(firstPage: page(0))
        #expect(guardRequests.admit(page(20), after: page(0), bringsNothingNew: false) == nil)
    }
}
