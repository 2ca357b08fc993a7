import Foundation
import PortalCore
import PortalDemoModels
import PortalPresets
import PortalServers
import PortalTestSupport
import Testing

/// The offline snapshot in the other two dialects answers through the mirror's rules.
@Suite struct SnapshotDialectsTests {
    @Test func pokeAPIFromTheSnapshotLinksToPokeAPI() async throws {
        let snapshot = try SnapshotTransport(dataFolder: TestData.folder, api: .pokeAPI)
        let base = SnapshotTransport.pokeAPIBaseURL
        let counting = CountingTransport(snapshot)
        let loader = await drain(PresetPages<PokemonSummary>.pokeAPI(baseURL: base, path: "pokemon"), through: counting)
        #expect(loader.count == 1351 && counting.count == 68)
        #expect(loader.items.last?.name == "meowstic-female-mega" && loader.items.last?.id == 10326)
        let detail = try await snapshot.send(PokemonDetailRequest(baseURL: base, id: 25).http)
        #expect(try PokemonDetailRequest(baseURL: base, id: 25).decode(detail).types == ["electric"])
        // Another dialect's URL is not served here.
        await #expect(throws: TransportError.self) {
            _ = try await snapshot.send(HTTPRequest(url: URL(string: SnapshotTransport.defaultBaseURL + "/character")!))
        }
    }

    @Test func pokeAPISpritesAreServedOfflineAtTheAddressTheSourceNames() async throws {
        let snapshot = try SnapshotTransport(dataFolder: TestData.folder, api: .pokeAPI)
        let source = TestData.pokeAPI()
        let pikachu = TestData.pokemonEntry("pikachu", url: "https://pokeapi.co/api/v2/pokemon/25/")
        let request = try #require(source.pictureRequest(for: pikachu))
        #expect(request.url.host == "raw.githubusercontent.com")
        let sprite = try await snapshot.send(request)
        #expect(sprite.status == 200 && sprite.body.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        // The detail names it; one without a sprite answers 404 and names none.
        let detail = try await snapshot.send(PokemonDetailRequest(baseURL: SnapshotTransport.pokeAPIBaseURL, id: 25).http)
        #expect(try PokemonDetailRequest(baseURL: SnapshotTransport.pokeAPIBaseURL, id: 25).decode(detail).spriteURL == request.url.absoluteString)
        let missing = URL(string: PokeAPISprites.repositoryRoot + "/906.png")!
        #expect(try await snapshot.send(HTTPRequest(url: missing)).status == 404)
        // Of the 1,351 Pokémon, the 1,120 with a file have a sprite.
        let folder = URL(fileURLWithPath: TestData.folder).appendingPathComponent("pokeapi/sprites")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".png") }
        #expect(files.count == 1120)
        // Other paths on the repository's host are not served.
        await #expect(throws: TransportError.self) {
            _ = try await snapshot.send(HTTPRequest(url: URL(string: "https://raw.githubusercontent.com/other/repo/25.png")!))
        }
    }

    @Test func postgRESTFromTheSnapshotServesBothTables() async throws {
        let snapshot = try SnapshotTransport(dataFolder: TestData.folder, api: .postgREST)
        let base = SnapshotTransport.postgRESTBaseURL
        let dead = PresetPages<Row>.postgREST(baseURL: base, table: "characters", pageSize: 100,
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
