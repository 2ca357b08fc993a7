import Foundation
import PortalCore
import PortalMirror
import PortalOpenAPI
import PortalTestSupport
import Testing
import PortalPaging

/// The mirror's `/openapi.json` read as `portal --openapi` reads it, over real HTTP: a tab
/// for each of its lists, each paged as its vendor extension says, every item once and
/// in order, and an item's detail from its `{id}` operation.
@Suite struct MirrorOpenAPITests {
    static let characterTabs = ["linkCharacters", "pagesCharacters", "nextCharacters", "nextNoCountCharacters",
                                "cursorCharacters", "stripeCharacters", "jsonapiCharacters", "halCharacters"]

    @Test func theDocumentNamesEveryListOnTheMirrorsOwnOrigin() async throws {
        try await OpenAPIMirror.with { mirror in
            let url = try #require(URL(string: mirror.origin + "/openapi.json"))
            let tabs = try await OpenAPITabs.load(url: url, transport: OpenAPIMirror.transport)
            #expect(tabs.title == "portal-mirror")
            #expect(tabs.lists.map(\.name) == ["character", "location", "episode", "pokemon"] + Self.characterTabs)
            #expect(tabs.lists.allSatisfy { $0.url.absoluteString.hasPrefix(mirror.origin + "/") })
            let sources = tabs.lists.map { $0.declared?.source ?? "-" }
            for name in ["x-speakeasy-pagination", "x-ms-pageable", "x-fern-pagination", "x-stainless-pagination-property", "the response schema"] {
                #expect(sources.contains(name), "no list declared by \(name)")
            }
            let character = try #require(tabs.list(named: "character"))
            #expect(character.filters.map(\.key) == ["status", "gender"])
            #expect(character.searchKey == "name")
            #expect(character.detail?.template == mirror.origin + "/api/character/{id}")
        }
    }

    @Test func everyListIsReadWholeOnceAndInOrder() async throws {
        try await OpenAPIMirror.with { mirror in
            let url = try #require(URL(string: mirror.origin + "/openapi.json"))
            let tabs = try await OpenAPITabs.load(url: url, transport: OpenAPIMirror.transport)
            // Every list chosen: each read before it starts (the browser reads each on its first page).
            let (source, readings) = await tabs.source(transport: OpenAPIMirror.transport, headers: [:], lists: tabs.lists)
            for (list, reading) in readings {
                #expect(throws: Never.self, "\(list.name)") { try reading.get() }
            }
            // The declared dialect wins over what the answer alone would say.
            let paging = Dictionary(uniqueKeysWithValues: readings.compactMap { r in (try? r.reading.get()).map { (r.list.name, $0.paging.description) } })
            #expect(paging["cursorCharacters"] == CursorPaging(path: ["next_cursor"], param: "cursor").description)
            #expect(paging["stripeCharacters"] == HasMorePaging(param: "starting_after").description)
            #expect(paging["location"] == NextURLPaging(path: ["info", "next"]).description)
            #expect(paging["episode"] == PageNumberPaging(param: "page").description)
            #expect(paging["pokemon"] == OffsetPaging(param: "offset").description)

            let data = try MirrorData.load(folder: OpenAPIMirror.dataFolder)
            let characters = data.rickAndMorty.characters.map { String($0.id) }
            // A list with no item operation: its entries are all there is.
            #expect(try await everyItem(of: ItemKind(rawValue: "linkCharacters"), in: source, through: OpenAPIMirror.transport).allSatisfy(\.isComplete))
            for name in ["character"] + Self.characterTabs {
                let items = try await everyItem(of: ItemKind(rawValue: name), in: source, through: OpenAPIMirror.transport)
                if name == "jsonapiCharacters" {
                    #expect(items.count == characters.count, "\(name)")
                } else {
                    #expect(items.map(\.servedID) == characters, "\(name)")
                }
            }
            #expect(try await everyItem(of: ItemKind(rawValue: "location"), in: source, through: OpenAPIMirror.transport).count
                == data.rickAndMorty.locations.count)
            #expect(try await everyItem(of: ItemKind(rawValue: "episode"), in: source, through: OpenAPIMirror.transport).map(\.servedID)
                == data.rickAndMorty.episodes.map { String($0.id) })
            #expect(try await everyItem(of: ItemKind(rawValue: "pokemon"), in: source, through: OpenAPIMirror.transport).count == data.pokemon.count)
        }
    }

    @Test func theFiltersGoToTheServerAndEnterFetchesTheDetail() async throws {
        try await OpenAPIMirror.with { mirror in
            let url = try #require(URL(string: mirror.origin + "/openapi.json"))
            let tabs = try await OpenAPITabs.load(url: url, transport: OpenAPIMirror.transport)
            let character = try #require(tabs.list(named: "character"))
            let (source, _) = await tabs.source(transport: OpenAPIMirror.transport, headers: [:], lists: [character])
            let kind = ItemKind(rawValue: "character")
            #expect(source.tabs.map(\.title) == ["Character"])
            let dead = try await everyItem(of: kind, in: source, through: OpenAPIMirror.transport,
                                           query: ListQuery(kind: kind, filters: [("name", "rick"), ("status", "dead")]))
            let data = try MirrorData.load(folder: OpenAPIMirror.dataFolder)
            let expected = data.rickAndMorty.characters.filter { $0.name.lowercased().contains("rick") && $0.status.rawValue.lowercased() == "dead" }
            #expect(!expected.isEmpty)
            #expect(dead.map(\.servedID) == expected.map { String($0.id) })
            // The list's entries are summaries: the pane Enter opens asks for the item.
            #expect(dead.allSatisfy { !$0.isComplete })

            let request = try #require(source.itemsRequest(kind, ids: [2]))
            #expect(request.url.absoluteString == mirror.origin + "/api/character/2")
            let detail = try source.decodeItems(kind, try await OpenAPIMirror.transport.send(request))
            guard let morty = detail.first?.record, let detailKind = detail.first?.kind else { Issue.record("no item"); return }
            #expect(detailKind == kind)
            #expect(morty.title == "Morty Smith")
            #expect(detail.first?.isComplete == true)
            #expect(detail.first?.id == ItemKey(kind, 2))
        }
    }
}
