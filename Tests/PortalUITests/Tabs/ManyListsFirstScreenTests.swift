import Foundation
import PortalCore
import PortalTestSupport
import PortalUI
import Testing
import PortalGraphQL

/// The browser over a GraphQL schema of 1,000 root connections (issue 35, item 1): the
/// first screen costs the first tab's requests only (the source asked every Relay list's
/// first page before it); another tab's first page is asked when it is shown, and its
/// first answer makes its list jump.
@MainActor
@Suite("Many lists: the first screen asks for the first tab only")
struct ManyListsFirstScreenTests {
    @Test func theFirstScreenIsTheFirstTabsRequestsOnly() async throws {
        let server = GraphQLTestServer(count: 1_000_000, moreConnections: 1_000)
        let found = try await GraphQLProbe.source(endpoint: GraphQLTestServer.endpoint, headers: [:], query: nil, pageSize: 20,
                                                  sender: RetryingSender(transport: server, clock: ManualClock()))
        #expect(server.requests.count == 1)
        let h = Harness(size: Size(columns: 120, rows: 40), inner: server, source: found.source)
        await h.runner.drain(into: h.controller)
        // The first tab (`characters`) only: its first page, then the pages its screen and
        // prefetch hold once that page said the list jumps (three in all at 120×40).
        let bodies = h.transport.requests.map { String(decoding: $0.body ?? Data(), as: UTF8.self) }
        #expect(bodies.allSatisfy { $0.contains("{ characters(") }, "\(bodies.map { $0.prefix(60) })")
        #expect(bodies.count == 3, "\(bodies.count) requests for the first screen")
        // Its first answer said its cursors are offsets: the list jumps, End is a few requests.
        #expect(h.controller.listView.list.isAddressable && h.controller.listView.list.count == 1_000_000)
        let before = h.transport.count
        h.press(.character("G"))
        await h.runner.drain(into: h.controller)
        #expect(h.transport.count - before <= 3, "G cost \(h.transport.count - before)")
        #expect(h.controller.listView.list.item(at: 999_999) != nil)
    }
}
