import Foundation
import PortalCore
import PortalPresets
@testable import PortalConfig
import Testing
import PortalPaging

/// PokeAPI and PostgREST ship as preset files too (issue 34, item 2, step C), read as a
/// user's config is, saying what their sources page by.
@Suite("PokeAPI and PostgREST preset files")
struct PokeAPIAndPostgRESTPresetFilesSayHowTheyPageTests {
    @Test func pokeAPIsFileIsItsListAsTheSourcePagesIt() throws {
        let text = try #require(BuiltInPresets.text("pokeapi"))
        let api = try #require(try ConfigFile.parse(text, path: "pokeapi.toml", othersCanRead: false, reservedNames: []).api(named: "pokeapi"))
        #expect(api.url == APIPreset.pokeAPI.liveBaseURL?.text)
        let lists = try BuiltInPresets.pokeAPI
        #expect(lists.url == "https://pokeapi.co/api/v2")
        let spec = try #require(lists.specs["pokemon"])
        // Paged as the file says (nothing in Swift says it): `offset` stepped, `limit` the size, `count` the total.
        let paging = try #require(spec.paging)
        #expect(paging.style == OffsetPaging.name && paging["offset"] == "offset" && paging.sizeParameter == "limit")
        #expect(paging.totalSource == .body(["count"]) && lists.itemsPath(of: "pokemon") == ["results"])
        #expect(spec.item == "/pokemon/{key}/" && spec.card?.mirrorPicture == "sprites/pokemon/{id}.png")
        #expect(spec.detail?.fields.map(\.shownLabel) == ["Number", "Types", "Height", "Weight", "Base exp."])
    }

    /// Asked at its own root the card's picture is the sprite repository's; anywhere else
    /// (the mirror) `mirror_picture`; a list with an `item` route holds summaries.
    @Test func theMirrorGetsItsOwnPictureAndEntriesAreSummaries() throws {
        let lists = try BuiltInPresets.pokeAPI
        let real = try #require(lists.cards(base: "https://pokeapi.co/api/v2/")[.pokemon])
        #expect(real.spec.card?.picture?.hasPrefix("https://raw.githubusercontent.com/PokeAPI/sprites/") == true && real.hasDetail)
        #expect(!real.whole.hasDetail && real.whole.spec == real.spec)
        let mirror = try #require(lists.cards(base: "http://127.0.0.1:18600/api/v2")[.pokemon])
        #expect(mirror.spec.card?.picture == "sprites/pokemon/{id}.png")
    }

    @Test func postgRESTsFileHasItsPokemonTableAndBorrowsRickAndMortysLists() throws {
        let own = try BuiltInPresets.postgREST
        let pokemon = try #require(own.specs["pokemon"])
        #expect(pokemon.paging?.style == ContentRangePaging.name && pokemon.card?.subtitle == "#{id} {types|list}")
        #expect(pokemon.paging?.totalSource == .contentRange && own.paging == pokemon.paging, "every table pages as the file says")
        let all = try BuiltInPresets.lists(for: .postgREST)
        #expect(Set(all.specs.keys) == ["pokemon", "character", "episode", "location"])
        // Rick and Morty's lists lend their looks, never their paging.
        #expect(all.paging == pokemon.paging && all.specs["character"]?.paging == nil)
    }

    /// What `portal apis show` writes of these lists parses back to the same specs.
    @Test func theirListsWriteBackAsThemselves() throws {
        for (name, lists) in [("pokeapi", try BuiltInPresets.pokeAPI), ("postgrest", try BuiltInPresets.postgREST)] {
            let text = "[apis.\(name)]\nurl = \"https://x.test/api\"\n"
                + lists.specs.sorted { $0.key < $1.key }.map { $0.value.toml(api: name, list: $0.key, path: "/\($0.key)", items: nil) }.joined(separator: "\n")
            let again = try #require(try ConfigFile.parse(text, path: "t", othersCanRead: false, reservedNames: []).api(named: name))
            #expect(Dictionary(uniqueKeysWithValues: again.lists.map { ($0.name, $0.spec) }) == lists.specs)
        }
    }
}
