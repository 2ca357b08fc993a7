import Foundation
import PortalCore
import PortalPaging
import PortalPresets
import PortalServers
import PortalTestSupport
import PortalUI
import Testing

/// The PokeAPI and PostgREST sources in the browser, over the snapshot's rules for each
/// dialect (the same rules the mirror serves), with the real interpreter and caches.
@MainActor
@Suite("PokeAPI and PostgREST on screen")
struct PokeAPIAndPostgRESTShowOnScreenTests {
    static let pokeAPI: SnapshotTransport = {
        do { return try SnapshotTransport(dataFolder: TestData.folder, api: .pokeAPI) } catch { fatalError("\(error)") }
    }()
    static let postgREST: SnapshotTransport = {
        do { return try SnapshotTransport(dataFolder: TestData.folder, api: .postgREST) } catch { fatalError("\(error)") }
    }()

    func pokemon(_ size: Size = Size(columns: 100, rows: 30)) -> Harness {
        Harness(size: size, inner: Self.pokeAPI, source: TestData.pokeAPI())
    }

    func table(_ name: String = "characters", headers: RequestHeaders = RequestHeaders(), size: Size = Size(columns: 100, rows: 30)) -> Harness {
        Harness(size: size, inner: Self.postgREST,
                source: TestData.postgREST(table: name, headers: headers))
    }

    @Test func pokemonGridIsOneRequestPerPageAndNamesEveryCard() async throws {
        let h = pokemon()
        await h.runner.drain(into: h.controller)
        let screen = h.screen()
        expectGolden(screen.text, "pokemon-grid-100x30")
        #expect(screen.text(row: 0, where: \.reverse) == " 1 Pokémon ")
        #expect(screen.text.contains("portal · PokeAPI"))
        #expect(Array(h.ids.prefix(3)) == [1, 2, 3])
        let pages = h.transport.urls
        #expect(!pages.isEmpty && pages.allSatisfy { $0.contains("/pokemon?offset=") && $0.hasSuffix("&limit=20") })
        #expect(Set(pages).count == pages.count)
    }

    @Test func openingAPokemonAsksForItsDetailOnceAndShowsIt() async throws {
        let h = pokemon(Size(columns: 120, rows: 30))
        await h.runner.drain(into: h.controller)
        let pagesBefore = h.transport.count
        h.press(.enter)
        await h.runner.drain(into: h.controller)
        #expect(h.transport.urls.dropFirst(pagesBefore) == ["https://pokeapi.co/api/v2/pokemon/1/"])
        let text = h.screen().text
        for field in ["Types      grass · poison", "Height     0.7 m", "Weight     6.9 kg", "Base exp.  64"] {
            #expect(text.contains(field), "\(text)")
        }
        #expect(!text.contains("error"))
        // Closed and opened again: the interpreter's cache answers.
        h.press(.escape, .enter)
        await h.runner.drain(into: h.controller)
        #expect(h.transport.count == pagesBefore + 1)
    }

    @Test func openingAPokemonCompletesItsCardOnTheGrid() async throws {
        let h = pokemon()
        await h.runner.drain(into: h.controller)
        #expect(h.controller.listView.loadedItems.first?.isComplete == false)
        #expect(!h.screen().text.contains("grass"))
        let requests = h.transport.count
        h.press(.enter)
        await h.runner.drain(into: h.controller)
        h.press(.escape)
        // The card the detail was opened from shows its types and size now; no index
        // moved and nothing else was asked for.
        let grid = h.screen()
        #expect(grid.text.contains("#1 grass · poison") && grid.text.contains("0.7 m · 6.9 kg"), "\(grid.text)")
        #expect(h.controller.listView.loadedItems.first?.isComplete == true)
        #expect(h.controller.listView.loadedItems.prefix(3).map(\.rawID) == [1, 2, 3])
        #expect(h.transport.count == requests + 1)
    }

    @Test func aFetchedDetailCompletesTheCardWhenItsPageIsReadAgain() async throws {
        let h = pokemon()
        let source = TestData.pokeAPI()
        let query = ListQuery(kind: .pokemon)
        let ticket = try #require(ListLoader(strategy: SourcePages(source: source, query: query)).loadMore())
        _ = await h.runner.interpreter.run(.fetchItems(PaneAddress(tab: 0, generation: 0, token: 1), .subject, .pokemon, ids: [4]))
        let message = await h.runner.interpreter.run(.fetchPage(ListAddress(tab: 0, generation: 0), ticket, query, .onScreen))
        guard case .page(_, _, .success(let page)) = try #require(message) else { Issue.record("no page"); return }
        #expect(page.items[3].isComplete && page.items[3].card.lines[1].map(\.text).joined() == "#4 fire")
        #expect(!page.items[0].isComplete && page.items[0].card.lines[1].map(\.text).joined() == "#1")
        // Looking up several Pokémon is refused: PokeAPI has no multi-id endpoint.
        let several = await h.runner.interpreter.run(.fetchItems(PaneAddress(tab: 0, generation: 0, token: 2), .subject, .pokemon, ids: [1, 2]))
        guard case .items(_, _, .failure) = try #require(several) else { Issue.record("several ids answered"); return }
        #expect(h.transport.count == 2)
    }

    @Test func characterRowsUseTheCharacterCardAndCarryTheKeyOnEveryRequest() async throws {
        var headers = RequestHeaders()
        try headers.addAPIKey("sb-test-key")
        let h = table(headers: headers)
        await h.runner.drain(into: h.controller)
        let text = h.screen().text
        #expect(text.contains("portal · PostgREST · characters") && text.contains("Rick Sanchez") && text.contains("● Alive"))
        #expect(!text.contains("sb-test-key"))
        let requests = h.transport.requests
        #expect(!requests.isEmpty && requests.allSatisfy { $0.headers["apikey"] == "sb-test-key" && $0.headers["Range-Unit"] == "items" })
        #expect(requests.first?.headers["Range"] == "0-19" && requests.first?.headers["Prefer"] == "count=exact")
        #expect(requests.first?.url.absoluteString == "https://snapshot.supabase.co/rest/v1/characters?select=*&order=id")
        #expect(h.controller.listView.loadedItems.first?.character?.name == "Rick Sanchez")
    }

    @Test func aCharacterRowsLinksResolveInTheEpisodesTableAndCanBeFollowed() async throws {
        let h = table(size: Size(columns: 120, rows: 40))
        await h.runner.drain(into: h.controller)
        let pagesBefore = h.transport.count
        h.press(.enter)  // Rick Sanchez
        await h.runner.drain(into: h.controller)
        let base = SnapshotTransport.postgRESTBaseURL
        // His 51 episodes in one request: as many ids as fit a 2 KB URL (issue 34).
        let rickEpisodes = [1...51].map { "\(base)/episodes?select=*&id=in.%28\($0.map(String.init).joined(separator: "%2C"))%29" }
        #expect(h.transport.urls.dropFirst(pagesBefore) == rickEpisodes[...])
        let rick = try #require(h.controller.pane)
        guard case .loaded(let episodes) = rick.related else { Issue.record("\(rick.related)"); return }
        #expect(episodes.count == 51 && episodes.first?.rawID == 1)
        #expect(h.screen().text.contains("S01E01 Pilot · December 2, 2013"))
        #expect(!h.screen().text.contains("does not exist"))

        // Origin, location, then the first episode; Enter follows it.
        h.press(.down, .down)
        #expect(rick.highlightedTarget == ItemKey(.episode, 1))
        h.press(.enter)
        await h.runner.drain(into: h.controller)
        let pilot = try #require(h.controller.pane)
        #expect(pilot !== rick && pilot.item?.crumb == "S01E01 Pilot")
        guard case .loaded(let cast) = pilot.related else { Issue.record("\(pilot.related)"); return }
        #expect(cast.count == 19 && cast.first?.character?.name == "Rick Sanchez")
        // The episode came with Rick's list (cached); its cast from the characters table in one request.
        let after = h.transport.urls.dropFirst(pagesBefore + 1)
        #expect(after.count == 1 && after.allSatisfy { $0.hasPrefix("\(base)/characters?select=*&id=in.%281%2C2%2C35%2C") })
        let text = h.screen().text
        #expect(text.contains("Rick Sanchez › S01E01 Pilot") && text.contains("Morty Smith"), "\(text)")
        h.press(.escape)
        #expect(h.controller.pane === rick)
    }

    @Test func theSearchIsACaseInsensitiveNameMatch() async throws {
        let h = table()
        await h.runner.drain(into: h.controller)
        await h.search("butter")
        let names = h.controller.listView.loadedItems.compactMap { $0.character?.name }
        #expect(names == ["Butter Robot"])
        #expect(h.transport.urls.last?.contains("name=ilike.%2Abutter%2A") == true || h.transport.urls.last?.contains("name=ilike.*butter*") == true,
                "\(h.transport.urls.last ?? "")")
    }

    @Test func pokemonRowsAreCompleteAndOpenWithoutARequest() async throws {
        let h = table("pokemon")
        await h.runner.drain(into: h.controller)
        let before = h.transport.count
        h.press(.enter)
        await h.runner.drain(into: h.controller)
        #expect(h.transport.count == before)
        #expect(h.screen().text.contains("grass · poison"))
    }

    @Test func aGenericRowShowsEveryColumn() async throws {
        let body = #"[{"name":"Tatooine","id":1,"climate":"arid","moons":3,"tags":["desert","twin suns"],"notes":null}]"#
        let url = "https://example.supabase.co/rest/v1/planets?select=*&order=id"
        let fixed = FixedTransport(answers: [url: .json(200, body, headers: ["content-range": "0-0/1"])])
        let h = Harness(size: Size(columns: 80, rows: 20), inner: fixed,
                        source: PostgRESTSource(baseURL: "https://example.supabase.co/rest/v1", table: "planets"))
        await h.runner.drain(into: h.controller)
        let card = h.screen().text
        #expect(card.contains("Tatooine") && card.contains("id 1") && card.contains("climate arid"))
        h.press(.enter)
        await h.runner.drain(into: h.controller)
        expectGolden(h.screen().text, "row-detail-80x20")
        #expect(h.transport.count == 1)
    }
}
