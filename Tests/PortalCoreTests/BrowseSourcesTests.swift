import Foundation
import PortalCore
import PortalServers
import PortalTestSupport
import Testing

/// The requests `PokeAPISource` and `PostgRESTSource` build and how they read answers.
struct BrowseSourcesTests {
    @Test func pokeAPIPagesAreAddressableByOffsetWithTheHeaders() throws {
        var headers = RequestHeaders()
        try headers.add(line: "X-Trace: on")
        let source = PokeAPISource(baseURL: "http://127.0.0.1:8080/api/v2/", pageSize: 50, headers: headers)
        let query = ListQuery(kind: .pokemon)
        #expect(source.firstPage(for: query).http.url.absoluteString == "http://127.0.0.1:8080/api/v2/pokemon?offset=0&limit=50")
        let third = try #require(source.request(forPage: 2, of: query))
        #expect(third.http.url.absoluteString == "http://127.0.0.1:8080/api/v2/pokemon?offset=100&limit=50")
        #expect(third.http.headers["X-Trace"] == "on")
        #expect(source.pageSize(of: query) == 50)
        #expect(source.itemsRequest(.pokemon, ids: [10001])?.url.absoluteString == "http://127.0.0.1:8080/api/v2/pokemon/10001/")
        #expect(source.itemsRequest(.pokemon, ids: [1, 2]) == nil)
        #expect(source.itemsRequest(.character, ids: [1]) == nil)
    }

    /// `--header` and `PORTAL_API_KEY` go with every Rick and Morty request too: the first
    /// page, page N, the `next` link, lookups and avatars, in the browser and `portal list`.
    @Test func rickAndMortyRequestsCarryTheHeadersAndTheKey() throws {
        var headers = RequestHeaders()
        try headers.add(line: "X-Trace: on")
        try headers.addAPIKey("secret")
        let source = RickAndMortySource(baseURL: "http://127.0.0.1:8080/api", headers: headers)
        let query = ListQuery(kind: .character, filters: [("status", "dead")])
        var requests: [HTTPRequest] = [source.firstPage(for: query).http]
        requests.append(try #require(source.request(forPage: 4, of: query)).http)
        requests.append(try #require(source.itemsRequest(.episode, ids: [1, 2])))
        requests.append(try #require(source.avatarRequest(avatarID: 1)))
        let page = #"{"info":{"count":30,"next":"http://127.0.0.1:8080/api/character?page=2&status=dead"},"results":[]}"#
        let content = try source.decodePage(.json(200, page), for: source.firstPage(for: query), of: query)
        requests.append(try #require(content.next).http)
        let list = RickAndMortyPages<Character>(baseURL: "http://127.0.0.1:8080/api", request: .list(.character, filters: []), headers: headers)
        requests.append(list.firstPage.http)
        requests.append(try #require(list.request(forPage: 2)).http)
        for request in requests {
            #expect(request.headers["X-Trace"] == "on" && request.headers["Authorization"] == "Bearer secret"
                    && request.headers["apikey"] == "secret", "\(request.url)")
        }
    }

    @Test func pokeAPIIdsComeFromTheURLsAndTheLastPageEnds() async throws {
        let snapshot = try SnapshotTransport(dataFolder: TestData.folder, api: .pokeAPI)
        let source = PokeAPISource(baseURL: SnapshotTransport.pokeAPIBaseURL, pageSize: 100)
        let loader = await drain(SourcePages(source: source, query: ListQuery(kind: .pokemon)), through: snapshot)
        #expect(loader.items.count == 1351)
        #expect(loader.items.last?.rawID == 10326 && { if case .pokemon(let p) = loader.items.last { p.name } else { nil } }() == "meowstic-female-mega")
        #expect(loader.items.allSatisfy { !$0.isComplete })
    }

    @Test func aSpriteIsAskedForOnlyAfterADetailNamedItAndWithoutTheKeyElsewhere() throws {
        var headers = RequestHeaders()
        try headers.addAPIKey("secret")
        let source = PokeAPISource(baseURL: "https://pokeapi.co/api/v2", headers: headers)
        #expect(source.avatarRequest(avatarID: 25) == nil)
        let detail = #"{"id":25,"name":"pikachu","height":4,"weight":60,"base_experience":112,"#
            + #""types":[{"slot":1,"type":{"name":"electric","url":"x"}}],"sprites":{"front_default":"https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon/25.png"}}"#
        let items = try source.decodeItems(.pokemon, .json(200, detail))
        #expect(items.count == 1 && items[0].isComplete)
        let sprite = try #require(source.avatarRequest(avatarID: 25))
        #expect(sprite.url.absoluteString.hasSuffix("/pokemon/25.png"))
        #expect(sprite.headers.isEmpty)
    }

    @Test func postgRESTSearchFiltersAndLookups() throws {
        let where1 = try PostgRESTFilter(parsing: "status=eq.Dead")
        let source = PostgRESTSource(baseURL: "https://x.supabase.co/rest/v1", table: "characters", pageSize: 10,
                                     filters: [where1], order: try PostgRESTOrder(parsing: "name.desc"))
        #expect(source.title == "PostgREST · characters")
        #expect(source.tabs.map(\.kind) == [ItemKind(rawValue: "characters")])
        let first = source.firstPage(for: ListQuery(kind: source.kind, filters: [("name", "smith")]))
        #expect(first.http.url.absoluteString == "https://x.supabase.co/rest/v1/characters?select=*&status=eq.Dead&name=ilike.%2Asmith%2A&order=name.desc")
        #expect(first.http.headers["Range"] == "0-9")
        #expect(source.request(forPage: 3, of: ListQuery(kind: source.kind))?.http.headers["Range"] == "30-39")
        #expect(source.itemsRequest(.location, ids: [1, 3])?.url.absoluteString == "https://x.supabase.co/rest/v1/locations?select=*&id=in.%281%2C3%29")
    }

    @Test func rowsBecomeModelsOnlyWhenTheirColumnsAreOne() throws {
        let rows = try RowReader.rows(Data(#"[{"id":7,"name":"x","moons":2},{"id":"a-b","title":"no name"}]"#.utf8), firstPosition: 40)
        let items = rows.map { TableItems.item($0, kind: ItemKind(rawValue: "planets")) }
        #expect(items.map(\.kind.rawValue) == ["planets", "planets"])
        #expect(items.map(\.rawID) == [7, 41])
    }
}
