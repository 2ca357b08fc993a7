import Foundation
@testable import PortalCache
import PortalCore
import PortalTestSupport
import Testing
import PortalGraphQL

/// GraphQL pages are POSTs to one URL: the disk cache keys each by its body as well (a
/// page's variables are in it), so a walked Relay list's cursors are remembered (the next
/// run and `--offline` ask the network for nothing), and who asks is in the key (another
/// key is never served the first one's answers).
@Suite("GraphQL through the disk cache")
struct GraphQLCacheTests {
    static func chain(_ network: any Transport, _ dir: TemporaryDirectory, offline: Bool = false) -> any Transport {
        CachingTransport(wrapping: DiskCachingTransport(wrapping: network, cache: DiskCache(directory: dir.path), offline: offline, now: TestClock().function))
    }

    /// The probe, then every page of the characters' Relay list, following `next`.
    static func walk(through transport: any Transport, key: String = "a") async throws -> [String] {
        let found = try await GraphQLProbe.source(endpoint: GraphQLTestServer.endpoint, headers: ["Authorization": "Bearer \(key)"], query: nil,
                                                  pageSize: 20, sender: RetryingSender(transport: transport))
        let source = found.source
        let query = ListQuery(kind: ItemKind(rawValue: "characters"))
        var request: PageRequest? = source.firstPage(for: query)
        var ids: [String] = []
        while let page = request {
            let response = try await transport.send(page.http)
            let content = try source.decodePage(response, for: page, of: query)
            response.confirmDecoded()
            ids += content.items.map(\.id).map(String.init)
            request = content.next
        }
        return ids
    }

    @Test func aWalkedListIsServedAgainAndOfflineWithoutARequest() async throws {
        let dir = try TemporaryDirectory()
        let network = GraphQLTestServer(count: 95, opaqueCursors: true)
        let first = try await Self.walk(through: Self.chain(network, dir))
        // Introspection and the list's 5 pages (its first page says how its cursors are).
        #expect(first.count == 95 && Set(first).count == 95 && network.requests.count == 6)
        #expect(Set(network.bodies).count == 6, "six different bodies to one URL")
        let again = try await Self.walk(through: Self.chain(network, dir))
        #expect(again == first && network.requests.count == 6)
        let offline = try await Self.walk(through: Self.chain(network, dir, offline: true))
        #expect(offline == first && network.requests.count == 6)
    }

    @Test func anotherKeyIsNeverServedTheFirstOnesAnswers() async throws {
        let dir = try TemporaryDirectory()
        let network = GraphQLTestServer(count: 45)
        _ = try await Self.walk(through: Self.chain(network, dir), key: "a")
        await #expect(throws: GraphQLFailure.self) { try await Self.walk(through: Self.chain(network, dir, offline: true), key: "b") }
        let before = network.requests.count
        _ = try await Self.walk(through: Self.chain(network, dir), key: "b")
        #expect(network.requests.count - before == 4)
    }
}
