import Foundation
import PortalCore
import PortalDemoModels
import PortalTestSupport
@testable import PortalMirror
import Testing
import PortalGraphQL

/// `/graphql` over real HTTP: introspection, each paging style, nested connections and the
/// errors, as portal's GraphQL client meets them.
@Suite struct TheMirrorsGraphQLPagesEveryStyleAndErrsAsGraphQLDoesTests {
    @Test func introspectionNamesEveryListAndItsArguments() async throws {
        try await Mirror.with { m in
            let (status, answer) = try await Mirror.graphQL(m, GraphQLQueries.introspection)
            #expect(status == 200)
            let schema = try #require(answer.data?["__schema"] as? [String: Any])
            #expect((schema["queryType"] as? [String: Any])?["name"] as? String == "Query")
            let types = try #require(schema["types"] as? [[String: Any]])
            let names = Set(types.compactMap { $0["name"] as? String })
            for name in ["Character", "Characters", "Info", "CharacterConnection", "CharacterEdge", "PageInfo",
                         "CharacterPage", "FilterCharacter", "Episode", "EpisodeConnection", "Location", "LocationPage"] {
                #expect(names.contains(name), "\(name)")
            }
            let query = try #require(types.first { $0["name"] as? String == "Query" })
            let fields = (query["fields"] as? [[String: Any]] ?? []).reduce(into: [String: [String]]()) { byName, field in
                byName[field["name"] as? String ?? ""] = (field["args"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
            }
            #expect(fields["characters"] == ["page", "filter"])
            #expect(fields["character"] == ["id"])
            #expect(fields["charactersByIds"] == ["ids"])
            #expect(fields["allCharacters"] == ["first", "after", "last", "before", "filter"])
            #expect(fields["charactersPage"] == ["offset", "limit", "filter"])
            #expect(fields["allEpisodes"] != nil && fields["locationsPage"] != nil)
            #expect(fields["allCharactersKeyset"] == ["first", "after", "last", "before"])
        }
    }

    @Test func rickAndMortysPagesAndFilters() async throws {
        try await Mirror.with { m in
            let query = "query($page: Int, $filter: FilterCharacter) { characters(page: $page, filter: $filter) { info { count pages next prev } results { id name } } }"
            let second = try await Mirror.graphQL(m, query, variables: ["page": 2]).answer.field("characters")
            let info = second["info"] as? [String: Any]
            #expect(info?["count"] as? Int == 826 && info?["pages"] as? Int == 42)
            #expect(info?["next"] as? Int == 3 && info?["prev"] as? Int == 1)
            #expect(second.ids("results") == (21...40).map(String.init))

            let filter: [String: Any] = ["name": "rick", "status": "alive"]
            let filtered = try await Mirror.graphQL(m, query, variables: ["filter": filter]).answer.field("characters")
            let rest = try await Mirror.get(m, "/api/character?name=rick&status=alive").object()
            #expect((filtered["info"] as? [String: Any])?["count"] as? Int == (rest["info"] as? [String: Any])?["count"] as? Int)
            #expect(filtered.ids("results") == (rest["results"] as? [[String: Any]] ?? []).compactMap { ($0["id"] as? Int).map(String.init) })

            let past = try await Mirror.graphQL(m, query, variables: ["page": 43]).answer.field("characters")
            #expect(past.ids("results").isEmpty && (past["info"] as? [String: Any])?["next"] is NSNull)

            let one = try await Mirror.graphQL(m, #"{ character(id: "2") { name origin { name } episode { episode } } charactersByIds(ids: ["3", "1", "3", "99999"]) { id } }"#).answer
            #expect((one.data?["character"] as? [String: Any])?["name"] as? String == "Morty Smith")
            #expect((one.data?["charactersByIds"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == ["1", "3"])
        }
    }

    @Test func relayCursorsRoundTripForwardAndBack() async throws {
        try await Mirror.with { m in
            let query = "query($first: Int, $after: String, $last: Int, $before: String) { allCharacters(first: $first, after: $after, last: $last, before: $before) { totalCount pageInfo { hasNextPage hasPreviousPage startCursor endCursor } edges { cursor node { id } } nodes { id } } }"
            let first = try await Mirror.graphQL(m, query, variables: ["first": 20]).answer.field("allCharacters")
            #expect(first["totalCount"] as? Int == 826)
            #expect(first.nodeIDs == (1...20).map(String.init))
            let info = try #require(first["pageInfo"] as? [String: Any])
            #expect(info["hasNextPage"] as? Bool == true && info["hasPreviousPage"] as? Bool == false)
            let end = try #require(info["endCursor"] as? String)
            #expect(Data(base64Encoded: end).flatMap { String(data: $0, encoding: .utf8) } == "arrayconnection:19")
            #expect((first["edges"] as? [[String: Any]])?.last?["cursor"] as? String == end)

            let second = try await Mirror.graphQL(m, query, variables: ["first": 20, "after": end]).answer.field("allCharacters")
            #expect(second.nodeIDs == (21...40).map(String.init))

            // A cursor made for offset 500, as portal makes one to jump.
            let made = Data("arrayconnection:499".utf8).base64EncodedString()
            let jumped = try await Mirror.graphQL(m, query, variables: ["first": 3, "after": made]).answer.field("allCharacters")
            #expect(jumped.nodeIDs == ["501", "502", "503"])

            let last = try await Mirror.graphQL(m, query, variables: ["last": 5]).answer.field("allCharacters")
            #expect(last.nodeIDs == (822...826).map(String.init))
            let lastInfo = last["pageInfo"] as? [String: Any]
            #expect(lastInfo?["hasPreviousPage"] as? Bool == true && lastInfo?["hasNextPage"] as? Bool == false)
            let start = try #require(lastInfo?["startCursor"] as? String)
            let back = try await Mirror.graphQL(m, query, variables: ["last": 5, "before": start]).answer.field("allCharacters")
            #expect(back.nodeIDs == (817...821).map(String.init))
        }
    }

    @Test func keysetCursorsAreOpaqueAndOnlyTheirOwnAreTaken() async throws {
        try await Mirror.with { m in
            let query = "query($after: String, $last: Int, $before: String) { allCharactersKeyset(first: 20, after: $after, last: $last, before: $before) { totalCount pageInfo { hasNextPage hasPreviousPage endCursor startCursor } nodes { id } } }"
            let first = try await Mirror.graphQL(m, query).answer.field("allCharactersKeyset")
            #expect(first["totalCount"] as? Int == 826 && first.nodeIDsFromNodes == (1...20).map(String.init))
            let end = try #require((first["pageInfo"] as? [String: Any])?["endCursor"] as? String)
            #expect(RelaySlice.offset(end) == nil)   // not an offset in disguise
            let second = try await Mirror.graphQL(m, query, variables: ["after": end]).answer.field("allCharactersKeyset")
            #expect(second.nodeIDsFromNodes == (21...40).map(String.init))
            let info = second["pageInfo"] as? [String: Any]
            #expect(info?["hasPreviousPage"] as? Bool == true && info?["hasNextPage"] as? Bool == true)

            // A cursor made for an offset is not one of this server's: refused, with a path.
            let made = try await Mirror.graphQL(m, query, variables: ["after": RelaySlice.cursor(499)])
            #expect(made.status == 200 && made.answer.data?["allCharactersKeyset"] is NSNull)
            #expect(made.answer.messages == ["`after` does not appear to be a valid cursor."])
        }
    }

    @Test func offsetPagesCountAndStopAtTheEnd() async throws {
        try await Mirror.with { m in
            let page = try await Mirror.graphQL(m, "{ charactersPage(offset: 820, limit: 10) { totalCount offset limit items { id } } }").answer.field("charactersPage")
            #expect(page["totalCount"] as? Int == 826 && page["offset"] as? Int == 820 && page["limit"] as? Int == 10)
            #expect(page.ids("items") == (821...826).map(String.init))
            let episodes = try await Mirror.graphQL(m, #"{ episodesPage(limit: 3, filter: {episode: "S02"}) { totalCount items { episode } } }"#).answer.field("episodesPage")
            #expect(episodes["totalCount"] as? Int == 10)
            #expect((episodes["items"] as? [[String: Any]])?.compactMap { $0["episode"] as? String } == ["S02E01", "S02E02", "S02E03"])
        }
    }

    @Test func aCharactersEpisodesArePagedByTheirOwnCursor() async throws {
        try await Mirror.with { m in
            let rick = try #require(Mirror.data.rickAndMorty.characters.first { $0.id == 1 })
            let query = #"query($after: String) { character(id: 1) { name episodes(first: 10, after: $after) { totalCount pageInfo { hasNextPage endCursor } nodes { id } } } }"#
            let head = try #require(try await Mirror.graphQL(m, query).answer.field("character")["episodes"] as? [String: Any])
            #expect(head["totalCount"] as? Int == rick.episodeIDs.count)
            #expect(head.nodeIDsFromNodes == rick.episodeIDs.prefix(10).map { String($0) })
            let end = try #require((head["pageInfo"] as? [String: Any])?["endCursor"] as? String)
            let next = try #require(try await Mirror.graphQL(m, query, variables: ["after": end]).answer.field("character")["episodes"] as? [String: Any])
            #expect(next.nodeIDsFromNodes == rick.episodeIDs.dropFirst(10).prefix(10).map { String($0) })

            let pilot = try await Mirror.graphQL(m, "{ episode(id: 1) { charactersConnection(first: 2) { totalCount nodes { name } } } }").answer.field("episode")
            let cast = pilot["charactersConnection"] as? [String: Any]
            #expect(cast?["totalCount"] as? Int == Mirror.data.rickAndMorty.episodes.first { $0.id == 1 }?.characterIDs.count)
            #expect((cast?["nodes"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["Rick Sanchez", "Morty Smith"])
        }
    }

    @Test func errorsComeAsGraphQLHasThem() async throws {
        try await Mirror.with { m in
            let syntax = try await Mirror.graphQL(m, "{ characters(page: ")
            #expect(syntax.status == 400 && syntax.answer.data == nil)
            #expect(syntax.answer.messages.first?.hasPrefix("Syntax Error") == true)

            let unknown = try await Mirror.graphQL(m, "{ nope }")
            #expect(unknown.status == 400 && unknown.answer.messages == [#"Cannot query field "nope" on type "Query"."#])

            // A field's error: the rest of the answer stands (partial data, 200).
            let partial = try await Mirror.graphQL(m, #"{ allCharacters(first: -1) { totalCount } character(id: "1") { name } }"#)
            #expect(partial.status == 200)
            #expect(partial.answer.data?["allCharacters"] is NSNull)
            #expect((partial.answer.data?["character"] as? [String: Any])?["name"] as? String == "Rick Sanchez")
            #expect(partial.answer.messages == [#"Argument "first" must be a non-negative integer"#])
            #expect(partial.answer.errors.first?["path"] as? [String] == ["allCharacters"])

            let badJSON = try await Mirror.send(m, method: "POST", "/graphql", body: Data("{\"query\":".utf8))
            let badJSONAnswer = try GraphQLAnswer(badJSON)
            #expect(badJSON.status == 400 && badJSONAnswer.messages.count == 1)
            #expect(try await Mirror.send(m, method: "PUT", "/graphql").status == 405)
            let get = try await Mirror.get(m, "/graphql?query=" + QueryString.encode(#"{ character(id: "2") { name } }"#))
            let getAnswer = try GraphQLAnswer(get)
            #expect(get.status == 200 && getAnswer.field("character")["name"] as? String == "Morty Smith")
        }
    }

    @Test func faultFlagsApplyToGraphQL() async throws {
        var faults = FaultSettings()
        faults.errorRate = 1
        faults.seed = 3
        try await Mirror.with(faults: faults) { m in
            let status = try await Mirror.graphQL(m, "{ characters { info { count } } }").status
            #expect(status == 500 || status == 503)
        }
    }

    @Test func aMillionCharactersAnswerAnyPageInEveryStyle() async throws {
        try await Mirror.with(scale: 1_000_000) { m in
            let after = Data("arrayconnection:999979".utf8).base64EncodedString()
            let query = #"query($after: String) { allCharacters(first: 20, after: $after) { totalCount pageInfo { hasNextPage } nodes { id name } } charactersPage(offset: 999990, limit: 10) { totalCount items { id } } characters(page: 50000) { info { count pages next } results { id } } }"#
            let answer = try await Mirror.graphQL(m, query, variables: ["after": after]).answer
            let relay = answer.field("allCharacters")
            #expect(relay["totalCount"] as? Int == 1_000_000)
            #expect(relay.nodeIDsFromNodes == (999_981...1_000_000).map(String.init))
            #expect((relay["pageInfo"] as? [String: Any])?["hasNextPage"] as? Bool == false)
            let base = Mirror.data.rickAndMorty.characters[539]
            #expect((relay["nodes"] as? [[String: Any]])?.last?["name"] as? String == "\(base.name) #1211")
            let offset = answer.field("charactersPage")
            #expect(offset["totalCount"] as? Int == 1_000_000 && offset.ids("items") == (999_991...1_000_000).map(String.init))
            let page = answer.field("characters")
            #expect((page["info"] as? [String: Any])?["pages"] as? Int == 50_000)
            #expect(page.ids("results") == (999_981...1_000_000).map(String.init))
        }
    }
}
