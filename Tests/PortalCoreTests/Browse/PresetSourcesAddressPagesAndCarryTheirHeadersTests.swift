import Foundation
import PortalCore
import PortalDemoModels
import PortalPresets
import PortalServers
import PortalTestSupport
import Testing

/// The requests `PokeAPISource` and `PostgRESTSource` build and how they read answers.
struct PresetSourcesAddressPagesAndCarryTheirHeadersTests {
    @Test func pokeAPIPagesAreAddressableByOffsetWithTheHeaders() throws {
        var headers = RequestHeaders()
        try headers.add(line: "X-Trace: on")
        let source = TestData.pokeAPI(base: "http://127.0.0.1:8080/api/v2/", pageSize: 50, headers: headers)
        let query = ListQuery(kind: .pokemon)
        #expect(source.firstPage(for: query).http.url.absoluteString == "http://127.0.0.1:8080/api/v2/pokemon?offset=0&limit=50")
        let addressing = try #require(PageAddressing(source: source, query: query))
        let third = try #require(addressing.request(forPage: 2))
        #expect(third.http.url.absoluteString == "http://127.0.0.1:8080/api/v2/pokemon?offset=100&limit=50")
        #expect(third.http.headers["X-Trace"] == "on")
        #expect(addressing.pageSize == 50)
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
        let source = TestData.rickAndMorty(base: "http://127.0.0.1:8080/api", headers: headers)
        let query = ListQuery(kind: .character, filters: [("status", "dead")])
        var requests: [HTTPRequest] = [source.firstPage(for: query).http]
        requests.append(try #require(PageAddressing(source: source, query: query)?.request(forPage: 4)).http)
        requests.append(try #require(source.itemsRequest(.episode, ids: [1, 2])))
        // Rick as this server serves him: his `image` on its origin.
        let rick = try source.decodeItems(.character, .json(200, "[" + APIJSONEncoding(baseURL: source.baseURL).line(try TestData.data.characters[0]) + "]"))
        let first = try #require(rick.first)
        requests.append(try #require(source.pictureRequest(for: first)))
        let page = #"{"info":{"count":30,"next":"http://127.0.0.1:8080/api/character?page=2&status=dead"},"results":[]}"#
        let content = try source.decodePage(.json(200, page), for: source.firstPage(for: query), of: query)
        requests.append(try #require(content.next).http)
        let list = PresetPages<Character>.rickAndMorty(baseURL: "http://127.0.0.1:8080/api", request: .list(.character, filters: []), headers: headers)
        requests.append(list.firstPage.http)
        requests.append(try #require(list.request(forPage: 2)).http)
        for request in requests {
            #expect(request.headers["X-Trace"] == "on" && request.headers["Authorization"] == "Bearer secret"
                    && request.headers["apikey"] == "secret", "\(request.url)")
        }
    }

    @Test func pokeAPIIdsComeFromTheURLsAndTheLastPageEnds() async throws {
        let snapshot = try SnapshotTransport(dataFolder: TestData.folder, api: .pokeAPI)
        let source = TestData.pokeAPI(pageSize: 100)
        let loader = await drain(SourcePages(source: source, query: ListQuery(kind: .pokemon)), through: snapshot)
        #expect(loader.items.count == 1351)
        #expect(loader.items.last?.rawID == 10326 && loader.items.last?.id == ItemKey(.pokemon, 10326))
        #expect(loader.items.last?.record.title == "meowstic-female-mega")
        #expect(loader.items.allSatisfy { !$0.isComplete })
    }

    @Test func aSpriteIsNamedFromTheNumberAndAskedForWithoutTheKeyElsewhere() throws {
        var headers = RequestHeaders()
        try headers.addAPIKey("secret")
        let real = TestData.pokeAPI(base: "https://pokeapi.co/api/v2", headers: headers)
        let listEntry = TestData.pokemonEntry("pikachu", url: "https://pokeapi.co/api/v2/pokemon/25/", base: "https://pokeapi.co/api/v2")
        let sprite = try #require(real.pictureRequest(for: listEntry))
        #expect(sprite.url.absoluteString == "https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon/25.png")
        #expect(sprite.headers == ["Accept": BarePictureRequest.accept])
        // The mirror (any other server than the preset's url: its card's mirror_picture)
        // serves them below its API root, with the key.
        let mirror = TestData.pokeAPI(base: "http://127.0.0.1:8080/api/v2/", headers: headers)
        let own = try #require(mirror.pictureRequest(for: TestData.pokemonEntry("pikachu", url: "http://127.0.0.1:8080/api/v2/pokemon/25/",
                                                                                   base: "http://127.0.0.1:8080/api/v2/")))
        #expect(own.url.absoluteString == "http://127.0.0.1:8080/api/v2/sprites/pokemon/25.png")
        #expect(!own.headers.isEmpty)
    }

    @Test func aRowsPictureElsewhereIsAskedForBareByDefault() throws {
        var headers = RequestHeaders()
        try headers.add(line: "apikey: K")
        let source = PostgRESTSource(baseURL: "https://x.supabase.co/rest/v1", table: "profiles", headers: headers)
        let item = TableItems.row(Row(id: "1", columns: [("id", .number("1")), ("avatar_url", .string("https://cdn.example/a.png"))], json: "{}"),
                            kind: ItemKind(rawValue: "profiles"))
        let request = try #require(source.pictureRequest(for: item))
        #expect(request.url.host == "cdn.example" && request.headers == ["Accept": BarePictureRequest.accept])
        let own = TableItems.row(Row(id: "2", columns: [("id", .number("2")), ("avatar_url", .string("https://x.supabase.co/p.png"))], json: "{}"),
                           kind: ItemKind(rawValue: "profiles"))
        #expect(source.pictureRequest(for: own)?.headers == headers.applied(to: [:]))
    }

    @Test func aRowsPictureIsAskedForOnlyOnTheAPIsOwnServerWithPicturesOriginSame() throws {
        var source = PostgRESTSource(baseURL: "https://x.supabase.co/rest/v1", table: "profiles")
        source.picturesOrigin = .same
        func row(_ column: String, _ value: String) -> Item {
            TableItems.row(Row(id: "1", columns: [("id", .number("1")), (column, .string(value))], json: "{}"), kind: ItemKind(rawValue: "profiles"))
        }
        #expect(source.pictureRequest(for: row("avatar_url", "https://x.supabase.co/storage/v1/object/public/a/1.png"))?.url.host == "x.supabase.co")
        #expect(source.pictureRequest(for: row("image", "https://x.supabase.co/p.jpg")) != nil)
        // Another host, another scheme, a port, or no URL at all: not asked for.
        #expect(source.pictureRequest(for: row("picture", "https://evil.example/p.png")) == nil)
        #expect(source.pictureRequest(for: row("picture", "http://x.supabase.co/p.png")) == nil)
        #expect(source.pictureRequest(for: row("picture", "https://x.supabase.co:8443/p.png")) == nil)
        #expect(source.pictureRequest(for: row("picture", "file:///etc/passwd")) == nil)
        #expect(source.pictureRequest(for: row("name", "https://x.supabase.co/p.png")) == nil)
    }

    @Test func postgRESTSearchFiltersAndLookups() throws {
        let where1 = try PostgRESTFilter(parsing: "status=eq.Dead")
        var source = PostgRESTSource(baseURL: "https://x.supabase.co/rest/v1", table: "characters", pageSize: 10,
                                     filters: [where1], order: try PostgRESTOrder(parsing: "name.desc"))
        source.lists = TestData.postgREST(table: "characters").lists
        #expect(source.title == "PostgREST · characters")
        #expect(source.tabs.map(\.kind) == [ItemKind(rawValue: "characters")])
        let first = source.firstPage(for: ListQuery(kind: source.kind, filters: [("name", "smith")]))
        #expect(first.http.url.absoluteString == "https://x.supabase.co/rest/v1/characters?select=*&status=eq.Dead&name=ilike.%2Asmith%2A&order=name.desc")
        #expect(first.http.headers["Range"] == "0-9")
        #expect(PageAddressing(source: source, query: ListQuery(kind: source.kind))?.request(forPage: 3)?.http.headers["Range"] == "30-39")
        // The table that holds a list's records is its path in postgrest.toml; a list the
        // file does not name is asked at its own name.
        #expect(source.itemsRequest(.location, ids: [1, 3])?.url.absoluteString == "https://x.supabase.co/rest/v1/locations?select=*&id=in.%281%2C3%29")
        #expect(source.itemsRequest(ItemKind(rawValue: "moons"), ids: [4])?.url.absoluteString == "https://x.supabase.co/rest/v1/moons?select=*&id=in.%284%29")
    }

    @Test func rowsBecomeModelsOnlyWhenTheirColumnsAreOne() throws {
        let rows = try RowReader.rows(Data(#"[{"id":7,"name":"x","moons":2},{"id":"a-b","title":"no name"}]"#.utf8), firstPosition: 40)
        let items = rows.map { TableItems.item($0, kind: ItemKind(rawValue: "planets")) }
        #expect(items.map(\.kind.rawValue) == ["planets", "planets"])
        // An integer id stands for itself; any other id is a number from its own range
        // (RowNumber), never a position that another row's id could equal.
        #expect(items.map(\.rawID) == [7, RowNumber.of(id: "a-b", position: 41)])
        #expect(items[1].rawID != 41)
    }
}
