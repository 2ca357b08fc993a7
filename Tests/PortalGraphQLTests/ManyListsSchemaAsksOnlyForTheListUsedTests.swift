import Foundation
import PortalCore
import PortalPaging
import PortalTestSupport
import Testing
import PortalExport
import PortalGraphQL

/// A schema of 1,000 root connections (issue 35, item 1): `portal list` of one of them sent
/// 1,002 requests, because every Relay list's first page was asked before anything was
/// listed (to see whether its cursors are offsets). A list is read when it is used: the
/// source costs the introspection alone, and a list costs its own pages.
@Suite("A GraphQL schema of many lists asks only for the list used")
struct GraphQLManyListsTests {
    static func probe(_ server: GraphQLTestServer) async throws -> GraphQLProbe.Found {
        try await GraphQLProbe.source(endpoint: GraphQLTestServer.endpoint, headers: [:], query: nil, pageSize: 20,
                                      sender: RetryingSender(transport: server, clock: ManualClock()))
    }

    @Test func theSourceOfAThousandConnectionsCostsTheIntrospectionAlone() async throws {
        let server = GraphQLTestServer(moreConnections: 1_000)
        let found = try await Self.probe(server)
        #expect(found.source.lists.count == 1_003)
        #expect(server.requests.count == 1, "the introspection only")
    }

    /// `portal list characters500`: the introspection, then that list's pages (95 items in
    /// pages of 20: five), through the stream `portal list` runs.
    @Test func listingOneOfAThousandAsksForItsOwnPagesOnly() async throws {
        let server = GraphQLTestServer(count: 95, moreConnections: 1_000)
        let source = try await Self.probe(server).source
        let query = ListQuery(kind: ItemKind(rawValue: "characters500"))
        let fetcher = PageFetcher(transport: server, strategy: SourcePages(source: source, query: query), policy: .none)
        let stream = ListStream(source: source, query: query, range: .all, fetcher: fetcher)
        var titles: [String] = []
        _ = try await stream.run { _, items in
            titles += items.map(\.jsonTitle)
            return true
        }
        #expect(titles.count == 95 && titles.first == "Character 1" && titles.last == "Character 95")
        #expect(server.requests.count == 1 + 5)
        #expect(server.bodies.dropFirst().allSatisfy { $0.contains("characters500(") })
    }

    /// The list's first page says its cursors are offsets: the list turns addressable with
    /// that page (`PageContent.addressing`), so End on a million is two requests more.
    @Test func theFirstPageTellsTheListItCanJump() async throws {
        let server = GraphQLTestServer(count: 1_000_000, moreConnections: 1_000)
        let source = try await Self.probe(server).source
        let query = ListQuery(kind: ItemKind(rawValue: "characters7"))
        #expect(source.addressablePages(of: query) == nil, "not known before its first page")
        let strategy = SourcePages(source: source, query: query)
        let list = SparseList<Item>(firstPage: source.firstPage(for: query), addressing: nil)
        let fetcher = PageFetcher(transport: server, strategy: strategy, policy: .none)
        for ticket in list.ticketsForPages(near: 0..<20, before: 0, after: 0) { list.apply(await fetcher.fetch(ticket), for: ticket) }
        #expect(list.isAddressable && list.count == 1_000_000)
        #expect(source.addressablePages(of: query) != nil, "kept for the tab's next start")
        for ticket in list.ticketsForPages(near: 999_980..<1_000_000, before: 0, after: 0) { list.apply(await fetcher.fetch(ticket), for: ticket) }
        #expect(list.item(at: 999_999)?.jsonTitle == "Character 1000000")
        #expect(server.requests.count == 1 + 1 + 1)
    }
}
