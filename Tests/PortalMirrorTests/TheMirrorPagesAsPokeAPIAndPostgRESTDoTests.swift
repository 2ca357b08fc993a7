import Foundation
import PortalCore
import PortalDemoModels
import PortalPresets
import PortalCurl
import PortalTestSupport
import PortalMirror
import Testing

/// PokeAPI (`/api/v2/pokemon`) and PostgREST (`/rest/v1/…`) over real HTTP.
@Suite struct TheMirrorPagesAsPokeAPIAndPostgRESTDoTests {
    // MARK: PokeAPI

    @Test func pokeAPIListPagesByOffsetAndLimit() async throws {
        try await Mirror.with { m in
            let v2 = "\(m.publicURL)/v2"
            let first = try await Mirror.get(m, "/api/v2/pokemon").object()
            #expect(first["count"] as? Int == 1351)
            #expect(first["next"] as? String == "\(v2)/pokemon?offset=20&limit=20")
            #expect(first["previous"] is NSNull)
            #expect((first["results"] as? [Any])?.count == 20)

            let r = try await Mirror.get(m, "/api/v2/pokemon?offset=20&limit=20")
            #expect(r.text.hasPrefix(#"{"count":1351,"next":"\#(v2)/pokemon?offset=40&limit=20","previous":"\#(v2)/pokemon?offset=0&limit=20","results":[{"name":"spearow","url":"\#(v2)/pokemon/21/"}"#))

            // Ids are not contiguous: after 1025 comes 10001.
            let seam = try await Mirror.get(m, "/api/v2/pokemon/?offset=1024&limit=2").object()
            let urls = (seam["results"] as? [[String: Any]])?.compactMap { $0["url"] as? String }
            #expect(urls == ["\(v2)/pokemon/1025/", "\(v2)/pokemon/10001/"])
            #expect(seam["next"] as? String == "\(v2)/pokemon/?offset=1026&limit=2")

            let last = try await Mirror.get(m, "/api/v2/pokemon?offset=1340&limit=20").object()
            #expect((last["results"] as? [Any])?.count == 11)
            #expect(last["next"] is NSNull)

            let past = try await Mirror.get(m, "/api/v2/pokemon?offset=5000")
            #expect(past.status == 200)
            let pastObject = try past.object()
            #expect((pastObject["results"] as? [Any])?.isEmpty == true)
            #expect(pastObject["next"] is NSNull)
        }
    }

    @Test func pokeAPIDetailByIDOrNameAndNotFound() async throws {
        try await Mirror.with { m in
            for path in ["/api/v2/pokemon/25", "/api/v2/pokemon/25/", "/api/v2/pokemon/pikachu/"] {
                let p = try await Mirror.get(m, path).object()
                #expect(p["id"] as? Int == 25, "\(path)")
                #expect(p["name"] as? String == "pikachu")
                #expect(p["height"] as? Int == 4)
                #expect(p["weight"] as? Int == 60)
                #expect(p["base_experience"] as? Int == 112)
                let types = p["types"] as? [[String: Any]]
                #expect((types?.first?["type"] as? [String: Any])?["name"] as? String == "electric")
            }
            let form = try await Mirror.get(m, "/api/v2/pokemon/10001/").object()
            #expect(form["name"] as? String == "deoxys-attack")
            for path in ["/api/v2/pokemon/99999/", "/api/v2/pokemon/missingno", "/api/v2/pokemon/1/extra"] {
                let r = try await Mirror.get(m, path)
                #expect(r.status == 404, "\(path)")
                #expect(r.text == "Not Found")
            }
        }
    }

    @Test func spritesAreServedAndNamedByTheDetailWhenThereIsOne() async throws {
        try await Mirror.with { m in
            let sprite = try await Mirror.get(m, "/api/v2/sprites/pokemon/25.png")
            #expect(sprite.status == 200)
            #expect(sprite.headers["content-type"] == "image/png")
            #expect(sprite.body.starts(with: [0x89, 0x50, 0x4E, 0x47]))
            let sprites = try await Mirror.get(m, "/api/v2/pokemon/25/").object()["sprites"] as? [String: Any]
            #expect(sprites?["front_default"] as? String == "\(m.publicURL)/v2/sprites/pokemon/25.png")
            // The PokeAPI source names the same address from the number alone.
            let source = TestData.pokeAPI(base: BaseURL("\(m.publicURL)/v2"))
            let entry = TestData.pokemonEntry("pikachu", url: "\(m.publicURL)/v2/pokemon/25/", base: BaseURL("\(m.publicURL)/v2"))
            #expect(source.pictureRequest(for: entry)?.url.absoluteString == "\(m.publicURL)/v2/sprites/pokemon/25.png")
            // 906 (sprigatito) has no sprite in the data: 404, and the detail says null.
            let none = try await Mirror.get(m, "/api/v2/sprites/pokemon/906.png")
            #expect(none.status == 404)
            let form = try await Mirror.get(m, "/api/v2/pokemon/906/").object()["sprites"] as? [String: Any]
            #expect(form?["front_default"] is NSNull)
            for path in ["/api/v2/sprites/pokemon/99999.png", "/api/v2/sprites/pokemon/25.jpeg", "/api/v2/sprites/pokemon/../25.png",
                         "/api/v2/sprites/pokemon/", "/api/v2/sprites/25.png"] {
                #expect(try await Mirror.get(m, path).status == 404, "\(path)")
            }
        }
    }

    @Test func theEngineLoadsEveryPokemonWithThePokeAPIPreset() async throws {
        try await Mirror.with { m in
            let counting = CountingTransport(CurlTransport())
            let strategy = PresetPages<PokemonSummary>.pokeAPI(baseURL: BaseURL("\(m.publicURL)/v2"), path: "pokemon", limit: 100)
            let loader = await drain(strategy, through: counting)
            #expect(loader.state == .exhausted, "\(loader.state)")
            #expect(loader.count == 1351)
            #expect(loader.items.last?.id == 10326)
            #expect(Set(loader.items.map(\.id)).count == 1351)
            #expect(counting.count == 14)
        }
    }

    // MARK: PostgREST

    @Test func postgRESTWindowsAndContentRange() async throws {
        try await Mirror.with { m in
            let counted = ["Prefer": "count=exact"]
            let page = try await Mirror.get(m, "/rest/v1/characters?select=*&order=id&limit=20&offset=40", headers: counted)
            #expect(page.status == 206)
            #expect(page.header("content-range") == "40-59/826")
            let rows = try page.array()
            #expect(rows.map { $0["id"] as? Int } == (41...60).map { $0 })
            #expect(rows.first?["url"] as? String == "\(m.publicURL)/character/41")

            let ranged = try await Mirror.get(m, "/rest/v1/characters?select=*&order=id", headers: ["Range": "40-59", "Range-Unit": "items"])
            #expect(ranged.status == 200)
            #expect(ranged.header("content-range") == "40-59/*")
            #expect(try ranged.array().map { $0["id"] as? Int } == (41...60).map { $0 })

            let whole = try await Mirror.get(m, "/rest/v1/characters", headers: counted)
            #expect(whole.status == 200)
            #expect(whole.header("content-range") == "0-825/826")

            let end = try await Mirror.get(m, "/rest/v1/characters?limit=20&offset=826", headers: counted)
            #expect(end.header("content-range") == "*/826")
            #expect(end.text == "[]")
            let endUncounted = try await Mirror.get(m, "/rest/v1/characters?limit=20&offset=900")
            #expect(endUncounted.status == 200)
            #expect(endUncounted.header("content-range") == "*/*")
            #expect(endUncounted.text == "[]")

            let unsatisfiable = try await Mirror.get(m, "/rest/v1/characters?limit=20&offset=900", headers: counted)
            #expect(unsatisfiable.status == 416)
            #expect(unsatisfiable.header("content-range") == "*/826")
            #expect(try unsatisfiable.object()["code"] as? String == "PGRST103")

            let desc = try await Mirror.get(m, "/rest/v1/characters?order=id.desc&limit=2").array()
            #expect(desc.map { $0["id"] as? Int } == [826, 825])

            let pokemon = try await Mirror.get(m, "/rest/v1/pokemon?select=*&order=id&limit=1&offset=24").array()
            #expect(pokemon.first?["name"] as? String == "pikachu")
            #expect(pokemon.first?["types"] as? [String] == ["electric"])

            let badColumn = try await Mirror.get(m, "/rest/v1/characters?order=nope")
            #expect(badColumn.status == 400)
            #expect(try badColumn.object()["code"] as? String == "42703")
            let noTable = try await Mirror.get(m, "/rest/v1/nope")
            #expect(noTable.status == 404)
            #expect(try noTable.object()["code"] as? String == "42P01")
        }
    }

    @Test(arguments: [PostgRESTWindow.rangeHeader, .limitOffset])
    func theEngineLoadsEveryCharacterRowWithThePostgRESTPreset(_ window: PostgRESTWindow) async throws {
        try await Mirror.with { m in
            let counting = CountingTransport(CurlTransport())
            let strategy = PresetPages<Character>.postgREST(baseURL: BaseURL("\(m.origin)/rest/v1"), table: "characters", pageSize: 20, window: window)
            let loader = await drain(strategy, through: counting)
            #expect(loader.isExhausted)
            #expect(loader.items.map(\.id) == Array(1...826))
            #expect(loader.totalCount == 826)
            #expect(counting.count == 42)
        }
    }

    @Test func theEngineLoadsPokemonRowsWithoutACount() async throws {
        try await Mirror.with { m in
            let counting = CountingTransport(CurlTransport())
            let strategy = PresetPages<PokemonRecord>.postgREST(
                baseURL: BaseURL("\(m.origin)/rest/v1"), table: "pokemon", pageSize: 100, window: .limitOffset, count: .none)
            let loader = await drain(strategy, through: counting)
            #expect(loader.isExhausted)
            #expect(loader.count == 1351)
            #expect(loader.items.first(where: { $0.id == 10278 })?.baseExperience == nil)
            #expect(counting.count == 14)
        }
    }
}
