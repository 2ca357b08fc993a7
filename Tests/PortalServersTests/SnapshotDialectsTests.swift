import Foundation
import PortalCore
import PortalServers
import PortalTestSupport
import Testing

/// The offline snapshot in the other two dialects answers through the mirror's rules.
@Suite struct SnapshotDialectsTests {
    @Test func pokeAPIFromTheSnapshotLinksToPokeAPI() async throws {
        let snapshot = try SnapshotTransport(dataFolder: TestData.folder, api: .pokeAPI)
        let base = SnapshotTransport.pokeAPIBaseURL
        let counting = CountingTransport(snapshot)
        let loader = await drain(OffsetLimitPages<PokemonSummary>(baseURL: base, path: "pokemon"), through: counting)
        #expect(loader.count == 1351 && counting.count == 68)
        #expect(loader.items.last?.name == "meowstic-female-mega" && loader.items.last?.id == 10326)
        let detail = try await snapshot.send(PokemonDetailRequest(baseURL: base, id: 25).http)
        #expect(try PokemonDetailRequest(baseURL: base, id: 25).decode(detail).types == ["electric"])
        // Another dialect's URL is not served here.
        await #expect(throws: TransportError.self) {
            _ = try await snapshot.send(HTTPRequest(url: URL(string: SnapshotTransport.defaultBaseURL + "/character")!))
        }
    }

    @Test func postgRESTFromTheSnapshotServesBothTables() async throws {
        let snapshot = try SnapshotTransport(dataFolder: TestData.folder, api: .postgREST)
        let base = SnapshotTransport.postgRESTBaseURL
        let dead = ContentRangePages<Row>(baseURL: base, table: "characters", pageSize: 100,
                                          filters: [try PostgRESTFilter(parsing: "status=eq.Dead")])
        let loader = await drain(dead, through: snapshot)
        #expect(loader.isExhausted && loader.count == loader.totalCount && loader.count > 100)
        #expect(loader.items.allSatisfy { $0["status"] == .string("Dead") })
        let pokemon = try await snapshot.send(HTTPRequest(url: URL(string: base + "/pokemon?id=eq.25")!))
        #expect(try RowReader.rows(pokemon.body).first?.name == "pikachu")
        let missing = try await snapshot.send(HTTPRequest(url: URL(string: base + "/nope")!))
        #expect(missing.status == 404)
    }
}
