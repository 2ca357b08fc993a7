import Foundation
import PortalCore
import PortalDemoModels
import PortalMirror
import PortalServers
import PortalTestSupport
import Testing
import PortalGraphQL

/// portal's GraphQL client (`--graphql`) against the mirror's `/graphql` in process (the
/// reference executor, GraphQLSwift): every list the schema has gets a tab, each paging
/// style walks the episodes once in order, and the last of a million characters is two
/// requests away in all three styles — Relay (offset cursors, checked), page numbers and
/// the offsets' `items` page.
@Suite struct GraphQLClientWalksEachStyleOnceAndEndsInTwoRequestsTests {
    /// The mirror's `/graphql` as a transport: each POST answered by `MirrorGraphQL`.
    struct MirrorGraphQLTransport: Transport {
        let graphQL: MirrorGraphQL
        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            let headers = Dictionary(request.headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $1 })
            return await graphQL.respond(method: request.method, query: "", headers: headers, body: request.body)
        }
    }

    static let endpoint = URL(string: "http://127.0.0.1:1/graphql")!

    static func server(characters: Int? = nil) -> CountingTransport {
        let data = Mirror.data.rickAndMorty
        let table: any ItemTable<PortalDemoModels.Character> = characters.map { SyntheticCharacterTable(base: data.characters, count: $0) } ?? ArrayTable(data.characters)
        let served = ServedData(rickAndMorty: data, characters: table, pokemon: [])
        return CountingTransport(MirrorGraphQLTransport(graphQL: MirrorGraphQL(served: served, publicRoot: BaseURL("http://127.0.0.1:1/api"))))
    }

    static func source(_ server: CountingTransport) async throws -> any Source {
        let found = try await GraphQLProbe.source(endpoint: endpoint, headers: [:], query: nil, pageSize: 20, sender: RetryingSender(transport: server))
        return found.source
    }

    static func titles(_ items: [Item]) -> [String] {
        items.map { item in
            let json = item.record
            return json.title
        }
    }

    @Test func everyListHasATabAndEachStyleWalksOnce() async throws {
        let server = Self.server()
        let source = try await Self.source(server)
        let names = source.tabs.map(\.title)
        for name in ["allCharacters", "characters", "charactersPage", "allEpisodes", "episodes", "episodesPage"] {
            #expect(names.contains(name), "\(name) in \(names)")
        }
        #expect(!names.contains("character") && !names.contains("charactersByIds"))
        // Offset cursors jump; the keyset list's opaque cursors walk (each seen on its first page).
        let jumping = ListQuery(kind: ItemKind(rawValue: "allCharacters")), keyset = ListQuery(kind: ItemKind(rawValue: "allCharactersKeyset"))
        for query in [jumping, keyset] {
            let first = source.firstPage(for: query)
            _ = try source.decodePage(try await server.send(first.http), for: first, of: query)
        }
        #expect(PageAddressing(source: source, query: jumping)?.pageSize == 20)
        #expect(PageAddressing(source: source, query: keyset) == nil)
        var walked: [[String]] = []
        for name in ["allEpisodes", "episodes", "episodesPage"] {
            let query = ListQuery(kind: ItemKind(rawValue: name))
            var request: PageRequest? = source.firstPage(for: query)
            var titles: [String] = []
            while let page = request {
                let content = try source.decodePage(try await server.send(page.http), for: page, of: query)
                #expect(content.totalCount == 51)
                titles += Self.titles(content.items)
                request = content.next
            }
            walked.append(titles)
        }
        #expect(walked[0].count == 51 && Set(walked[0]).count == 51 && walked[0].first == "Pilot")
        #expect(walked[1] == walked[0] && walked[2] == walked[0])
    }

    @Test(arguments: ["allCharacters", "characters", "charactersPage"])
    func theLastOfAMillionIsTwoRequestsAway(_ name: String) async throws {
        let server = Self.server(characters: 1_000_000)
        let source = try #require(try await Self.source(server) as? any AddressableSource)
        let query = ListQuery(kind: ItemKind(rawValue: name))
        let before = server.count
        let first = source.firstPage(for: query)
        let total = try #require(try source.decodePage(try await server.send(first.http), for: first, of: query).totalCount)
        let addressing = try #require(PageAddressing(source: source, query: query))
        #expect(total == 1_000_000 && addressing.pageSize == 20)
        let last = try #require(addressing.request(forPage: (total - 1) / 20))
        let page = try source.decodePage(try await server.send(last.http), for: last, of: query)
        #expect(server.count - before == 2)
        #expect(page.items.count == 20 && page.next == nil)
        let item = try #require(page.items.last).record
        #expect(item.row.id == "1000000")
    }
}
