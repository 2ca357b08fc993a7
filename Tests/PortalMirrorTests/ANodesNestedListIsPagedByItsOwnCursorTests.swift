import Foundation
import PortalCore
import PortalTestSupport
import Testing

/// A GraphQL node's nested lists (issue 25 item 4) against the mirror's `/graphql` in
/// process: a character's detail names its `episodes` connection and its plain `episode`
/// list as links; following one POSTs that list's query for the node, and the connection
/// is paged by its own cursor — each page asked once.
@Suite struct ANodesNestedListIsPagedByItsOwnCursorTests {
    typealias Mirror = GraphQLClientWalksEachStyleOnceAndEndsInTwoRequestsTests

    /// The first character of `allCharacters` (Rick), as its list brought it.
    static func rick(_ source: any Source, _ server: CountingTransport) async throws -> Record {
        let query = ListQuery(kind: ItemKind(rawValue: "allCharacters"))
        let first = source.firstPage(for: query)
        let page = try source.decodePage(try await server.send(first.http), for: first, of: query)
        guard let json = page.items.first?.record else { throw PageFailure(.malformed, "no first character") }
        return json
    }

    /// The link the detail shows for `field` (a URL on the list's origin, as `JSONTree` reads it).
    static func link(_ field: String, of item: Record) throws -> ItemLink {
        guard case .string(let text)? = item.row[field] else { throw PageFailure(.malformed, "no \(field) field") }
        return try #require(ItemLink(text, origin: item.card.linkOrigin))
    }

    static func entries(_ item: Item) throws -> (titles: [String], next: ItemLink?) {
        let page = item.record
        guard page.isPage else { throw PageFailure(.malformed, "not a page") }
        return (page.row.columns.dropFirst().map(\.name), page.nextPage)
    }

    @Test func aCharactersEpisodesArePagedByTheirCursorEachPageAskedOnce() async throws {
        let server = Mirror.server()
        let source = try await Mirror.source(server)
        let rick = try await Self.rick(source, server)
        #expect(rick.title == "Rick Sanchez")
        let link = try Self.link("episodes", of: rick)
        let before = server.count
        var pages: [[String]] = []
        var next: ItemLink? = link
        var asked: [ItemLink] = []
        while let page = next, pages.count < 10 {
            let request = try #require(source.linkRequest(page))
            #expect(request.method == "POST" && request.url.path == "/graphql")
            let (titles, following) = try Self.entries(try source.decodeLink(page, try await server.send(request)))
            pages.append(titles)
            asked.append(page)
            next = following
        }
        // Rick is in all 51 episodes: 20, 20 and 11, in order, each page asked once.
        #expect(pages.map(\.count) == [20, 20, 11])
        #expect(pages.first?.first == "Pilot" && Set(pages.joined()).count == 51)
        #expect(server.count - before == 3)
        #expect(Set(asked).count == 3)
    }

    @Test func aPlainNestedListIsOnePage() async throws {
        let server = Mirror.server()
        let source = try await Mirror.source(server)
        let rick = try await Self.rick(source, server)
        let link = try Self.link("episode", of: rick)
        let before = server.count
        let request = try #require(source.linkRequest(link))
        let (titles, next) = try Self.entries(try source.decodeLink(link, try await server.send(request)))
        #expect(titles.count == 51 && titles.first == "Pilot")
        #expect(next == nil && server.count - before == 1)
    }

    @Test func aURLThatIsNoNestedListIsNotFollowed() async throws {
        let source = try await Mirror.source(Mirror.server())
        #expect(source.linkRequest(ItemLink(url: URL(string: "http://127.0.0.1:1/graphql?x=1")!)) == nil)
        #expect(source.linkRequest(ItemLink(url: URL(string: "http://127.0.0.1:2/graphql?portal-node-type=Character&portal-node-id=1&portal-list=episodes")!)) == nil)
    }
}
