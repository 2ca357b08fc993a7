import Foundation
import PortalCore
import PortalPresets
import PortalCurl
import PortalTestSupport
import PortalMirror
import PortalServers
import Testing
import PortalPaging

/// The mirror's PostgREST over real HTTP: filters, select, order, limit/offset and Range,
/// Content-Range with and without a count, 416, the error bodies and `--require-key`.
@Suite struct PostgRESTQueriesAnswerAsPostgRESTDoesTests {
    static func ids(_ m: RunningMirror, _ query: String, headers: [String: String] = [:]) async throws -> [Int] {
        try await Mirror.get(m, "/rest/v1/characters?\(query)", headers: headers).array().compactMap { $0["id"] as? Int }
    }

    static func count(_ m: RunningMirror, _ query: String) async throws -> Int? {
        let r = try await Mirror.get(m, "/rest/v1/characters?\(query)&limit=1", headers: ["Prefer": "count=exact"])
        return r.header("content-range").flatMap(ContentRange.init)?.total
    }

    @Test func comparisonFilters() async throws {
        try await Mirror.with { m in
            #expect(try await Self.ids(m, "id=eq.5") == [5])
            #expect(try await Self.ids(m, "id=gt.823") == [824, 825, 826])
            #expect(try await Self.ids(m, "id=gte.825") == [825, 826])
            #expect(try await Self.ids(m, "id=lt.3") == [1, 2])
            #expect(try await Self.ids(m, "id=lte.2") == [1, 2])
            #expect(try await Self.ids(m, "id=lte.5&id=neq.3") == [1, 2, 4, 5])
            #expect(try await Self.ids(m, "name=eq.Rick%20Sanchez") == [1, 290, 293, 631])
            #expect(try await Self.ids(m, "id=in.(3,1,826)") == [1, 3, 826])
            #expect(try await Self.ids(m, "id=not.in.(1,2)&id=lt.5") == [3, 4])
            let dead = try #require(try await Self.count(m, "status=eq.Dead"))
            let alive = try #require(try await Self.count(m, "status=eq.Alive"))
            let notDead = try #require(try await Self.count(m, "status=neq.Dead"))
            #expect(dead > 0 && alive > 0 && dead + notDead == 826)
            #expect(try await Self.count(m, "status=not.eq.Dead") == notDead)
        }
    }

    @Test func likeTakesStarAsTheWildcardAndIlikeIgnoresCase() async throws {
        try await Mirror.with { m in
            #expect(try await Self.ids(m, "name=like.Butter*") == [826])
            #expect(try await Self.ids(m, "name=like.butter*").isEmpty)
            #expect(try await Self.ids(m, "name=ilike.*BUTTER*") == [826])
            #expect(try await Self.ids(m, "name=ilike.rick%20sanchez") == [1, 290, 293, 631])
            #expect(try await Self.ids(m, "name=like.Rick_Sanchez") == [1, 290, 293, 631])
            let ricks = try await Self.ids(m, "name=ilike.*rick*&limit=1000")
            #expect(ricks.count > 20 && ricks.contains(1) && !ricks.contains(2))
        }
    }

    @Test func isNullMatchesNullColumnsOnly() async throws {
        try await Mirror.with { m in
            // Pokémon 10278 and others have no base experience.
            let nulls = try await Mirror.get(m, "/rest/v1/pokemon?base_experience=is.null&select=id").array().compactMap { $0["id"] as? Int }
            #expect(nulls.contains(10278) && !nulls.isEmpty)
            let notNull = try await Mirror.get(m, "/rest/v1/pokemon?base_experience=not.is.null&limit=2000", headers: ["Prefer": "count=exact"])
            #expect(notNull.header("content-range") == "0-\(1351 - nulls.count - 1)/\(1351 - nulls.count)")
            // A null matches no comparison, even negated.
            let gt = try await Mirror.get(m, "/rest/v1/pokemon?base_experience=not.gt.0&select=id").array()
            #expect(gt.isEmpty)
        }
    }

    @Test func selectListsOrderAndAliases() async throws {
        try await Mirror.with { m in
            let r = try await Mirror.get(m, "/rest/v1/characters?select=name,id,who:species&id=eq.1")
            #expect(r.text == #"[{"name":"Rick Sanchez","id":1,"who":"Human"}]"#)
            let nested = try await Mirror.get(m, "/rest/v1/characters?select=id,origin&id=eq.1").text
            #expect(nested == #"[{"id":1,"origin":{"name":"Earth (C-137)","url":"\#(m.publicURL)/location/1"}}]"#)
            let pokemon = try await Mirror.get(m, "/rest/v1/pokemon?select=name,types&id=eq.25").text
            #expect(pokemon == #"[{"name":"pikachu","types":["electric"]}]"#)
            let bad = try await Mirror.get(m, "/rest/v1/characters?select=id,nope")
            #expect(bad.status == 400)
            #expect(try bad.object()["code"] as? String == "42703")
        }
    }

    @Test func episodesAndLocationsLinkAtTheMirror() async throws {
        try await Mirror.with { m in
            let episodes = try await Mirror.get(m, "/rest/v1/episodes?id=in.(2,1)&select=id,url").text
            #expect(episodes == #"[{"id":1,"url":"\#(m.publicURL)/episode/1"},{"id":2,"url":"\#(m.publicURL)/episode/2"}]"#)
            let earth = try await Mirror.get(m, "/rest/v1/locations?id=eq.1&select=residents").array()
            let residents = try #require(earth.first?["residents"] as? [String])
            #expect(residents.count == 27 && residents.allSatisfy { $0.hasPrefix("\(m.publicURL)/character/") })
        }
    }

    @Test func orderByAnyColumnBothWays() async throws {
        try await Mirror.with { m in
            let asc = try await Mirror.get(m, "/rest/v1/characters?select=name&order=name.asc&limit=3").array().compactMap { $0["name"] as? String }
            #expect(asc == asc.sorted() && asc.count == 3)
            let desc = try await Mirror.get(m, "/rest/v1/characters?select=name&order=name.desc&limit=3").array().compactMap { $0["name"] as? String }
            #expect(desc == ["Zick Zack", "Zeta Alpha Rick", "Zeep Xanflorp"])
            // Ties broken by the second term.
            let mixed = try await Self.ids(m, "status=eq.Dead&order=species.desc,id.desc&limit=2")
            #expect(mixed.count == 2 && mixed[0] > mixed[1])
            // Descending puts nulls first; nullslast overrides.
            let xpDesc = try await Mirror.get(m, "/rest/v1/pokemon?select=base_experience&order=base_experience.desc&limit=1").array()
            #expect(xpDesc.first?["base_experience"] is NSNull)
            let xpLast = try await Mirror.get(m, "/rest/v1/pokemon?select=base_experience&order=base_experience.desc.nullslast&limit=1").array()
            #expect(xpLast.first?["base_experience"] as? Int == 608)
        }
    }

    @Test func limitOffsetAndRangeGiveTheSameWindow() async throws {
        try await Mirror.with { m in
            let byQuery = try await Mirror.get(m, "/rest/v1/characters?status=eq.Dead&limit=5&offset=10", headers: ["Prefer": "count=exact"])
            let byRange = try await Mirror.get(m, "/rest/v1/characters?status=eq.Dead", headers: ["Range": "10-14", "Range-Unit": "items", "Prefer": "count=exact"])
            #expect(byQuery.text == byRange.text)
            #expect(byQuery.header("content-range") == byRange.header("content-range"))
            let dead = try #require(try await Self.count(m, "status=eq.Dead"))
            #expect(byQuery.header("content-range") == "10-14/\(dead)")
            #expect(byQuery.status == 206)
            let uncounted = try await Mirror.get(m, "/rest/v1/characters?status=eq.Dead&limit=5&offset=10")
            #expect(uncounted.header("content-range") == "10-14/*")
            #expect(uncounted.status == 200)
        }
    }

    @Test func pastTheEndIs416WithPostgRESTsBody() async throws {
        try await Mirror.with { m in
            let r = try await Mirror.get(m, "/rest/v1/characters?id=lt.11", headers: ["Range": "20-39", "Prefer": "count=exact"])
            #expect(r.status == 416)
            #expect(r.header("content-range") == "*/10")
            let body = try r.object()
            #expect(Set(body.keys) == ["code", "message", "details", "hint"])
            #expect(body["code"] as? String == "PGRST103")
            #expect(body["details"] as? String == "An offset of 20 was requested, but there are only 10 rows.")
        }
    }

    @Test func unknownTablesAndColumnsAnswerPostgRESTsErrors() async throws {
        try await Mirror.with { m in
            let table = try await Mirror.get(m, "/rest/v1/nope")
            #expect(table.status == 404)
            let body = try table.object()
            #expect(Set(body.keys) == ["code", "message", "details", "hint"])
            #expect(body["message"] as? String == #"relation "public.nope" does not exist"#)
            let column = try await Mirror.get(m, "/rest/v1/characters?nope=eq.1")
            #expect(column.status == 400)
            #expect(try column.object()["message"] as? String == "column characters.nope does not exist")
            let op = try await Mirror.get(m, "/rest/v1/characters?id=xx.1")
            #expect(op.status == 400)
            #expect(try op.object()["code"] as? String == "PGRST100")
            let type = try await Mirror.get(m, "/rest/v1/characters?id=eq.abc")
            #expect(type.status == 400)
            #expect(try type.object()["code"] as? String == "22P02")
        }
    }

    @Test func requireKeyGuardsPostgRESTOnly() async throws {
        try await Mirror.with(requireKey: "s3cr3t") { m in
            let missing = try await Mirror.get(m, "/rest/v1/characters?limit=1")
            #expect(missing.status == 401)
            let body = try missing.object()
            #expect(Set(body.keys) == ["code", "message", "details", "hint"])
            #expect(body["message"] as? String == "No API key found in request")
            for headers in [["apikey": "wrong"], ["Authorization": "Bearer wrong"], ["apikey": "s3cr3t", "Authorization": "Bearer wrong"]] {
                let wrong = try await Mirror.get(m, "/rest/v1/characters?limit=1", headers: headers)
                #expect(wrong.status == 401, "\(headers)")
                #expect(try wrong.object()["message"] as? String == "Invalid API key")
                #expect(!wrong.text.contains("s3cr3t"))
            }
            for headers in [["apikey": "s3cr3t"], ["Authorization": "Bearer s3cr3t"], ["apikey": "s3cr3t", "Authorization": "Bearer s3cr3t"]] {
                #expect(try await Mirror.get(m, "/rest/v1/characters?limit=1", headers: headers).status == 200, "\(headers)")
            }
            #expect(try await Mirror.get(m, "/api/character?page=1").status == 200)
            #expect(try await Mirror.get(m, "/api/v2/pokemon?limit=1").status == 200)
        }
    }

    @Test func theEngineReadsAFilteredTableAsRowsBehindAKey() async throws {
        try await Mirror.with(requireKey: "k") { m in
            var headers = RequestHeaders()
            try headers.addAPIKey("k")
            let counting = CountingTransport(CurlTransport())
            let strategy = PresetPages<Row>.postgREST(
                baseURL: BaseURL("\(m.origin)/rest/v1"), table: "characters", pageSize: 7,
                filters: [try PostgRESTFilter(parsing: "name=ilike.*smith*")], order: try PostgRESTOrder(parsing: "id.desc"),
                headers: headers)
            let loader = await drain(strategy, through: counting)
            #expect(loader.isExhausted)
            let ids = loader.items.compactMap { Int($0.id) }
            #expect(ids == ids.sorted(by: >) && ids.contains(2) && ids.contains(5))
            #expect(loader.items.allSatisfy { $0.name?.lowercased().contains("smith") == true })
            #expect(counting.count == (ids.count + 6) / 7)
        }
    }
}

/// PokeAPI's detail shape and the avatar folder's 404.
@Suite struct PokeAPIDetailMirrorTests {
    @Test func theDetailHasTypesBySlotAndNullSprites() async throws {
        try await Mirror.with { m in
            let r = try await Mirror.get(m, "/api/v2/pokemon/6/")
            let p = try r.object()
            let types = try #require(p["types"] as? [[String: Any]])
            #expect(types.map { $0["slot"] as? Int } == [1, 2])
            #expect(types.map { ($0["type"] as? [String: Any])?["name"] as? String } == ["fire", "flying"])
            #expect(((types.first?["type"] as? [String: Any])?["url"] as? String) == "\(m.publicURL)/v2/type/10/")
            // The front sprite where the data has one (Charizard does), the other slots null.
            let sprites = try #require(p["sprites"] as? [String: Any])
            #expect(sprites["front_default"] as? String == "\(m.publicURL)/v2/sprites/pokemon/6.png")
            #expect(sprites["back_default"] is NSNull)
            #expect(r.text.contains(#""name":"charizard","sprites":{"#))
            let record = try PokemonDetailRequest(baseURL: BaseURL("\(m.publicURL)/v2"), id: 6).decode(r)
            #expect(record.spriteURL == "\(m.publicURL)/v2/sprites/pokemon/6.png" && record.types == ["fire", "flying"] && record.baseExperience == 240)
        }
    }

    @Test func theAvatarFolderItselfIsNotFound() async throws {
        try await Mirror.with { m in
            let r = try await Mirror.get(m, "/api/character/avatar")
            #expect(r.status == 404)
            #expect(try r.object()["error"] as? String == "There is nothing here")
        }
    }
}
