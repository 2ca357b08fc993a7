import Foundation
import PortalCore
import PortalPresets
@testable import PortalConfig
import Testing
import PortalPaging

/// The built-in APIs ship as preset files in the config file's own schema, read by the
/// reader a user's config goes through (issue 34, item 2).
@Suite("Built-in preset files")
struct BuiltInPresetsReadAsAUsersConfigTests {
    @Test func rickAndMortysFileReadsAsAUsersConfigWould() throws {
        let text = try #require(BuiltInPresets.text("rickandmorty"))
        let file = try ConfigFile.parse(text, path: "rickandmorty.toml", othersCanRead: false, reservedNames: [])
        let api = try #require(file.api(named: "rickandmorty"))
        #expect(api.url == APIPreset.rickAndMorty.liveBaseURL?.text)
        #expect(api.lists.map(\.name) == ["character", "episode", "location"])
        let lists = try BuiltInPresets.rickAndMorty
        let episode = try #require(lists.specs["episode"])
        #expect(episode.card?.title == "{episode} {name}" && episode.card?.note == "{characters|count character}")
        #expect(episode.detail?.related == [RelatedSpec(field: "characters", list: "character", title: "Characters")])
        #expect(episode.columns == ["id", "name", "air_date", "episode"])
        let location = try #require(lists.specs["location"])
        #expect(location.detail?.related.first?.field == "residents" && location.byKeys == ByKeysRoute("/location/{keys}"))
    }

    /// The file's paging is what the lists page by (nothing in Swift says it): `info.next`
    /// links stepping `page` (so pages are addressed), the total at `info.count`, a 404 `There is nothing here` past the end.
    @Test func itsPagingAddressesPagesAndSaysTheTotal() throws {
        let lists = try BuiltInPresets.rickAndMorty
        for (name, spec) in lists.specs {
            let paging = try #require(spec.paging)
            #expect(paging.style == NextURLPaging.name && paging["next"] == "info.next" && paging["page"] == "page" && paging.pastEnd == PastEnd(status: 404, error: "There is nothing here"))
            #expect(paging.totalSource == .body(["info", "count"]))
            #expect(lists.itemsPath(of: name) == ["results"])
        }
    }

    /// What `portal apis show` writes of a preset list parses back to the same spec.
    @Test func aPresetListWritesBackAsItself() throws {
        let lists = try BuiltInPresets.rickAndMorty.specs.sorted { $0.key < $1.key }
        let text = "[apis.rm]\nurl = \"https://x.test/api\"\n"
            + lists.map { $0.value.toml(api: "rm", list: $0.key, path: "/\($0.key)", items: "results") }.joined(separator: "\n")
        let again = try #require(try ConfigFile.parse(text, path: "t", othersCanRead: false, reservedNames: []).api(named: "rm"))
        #expect(Dictionary(uniqueKeysWithValues: again.lists.map { ($0.name, $0.spec) }) == Dictionary(uniqueKeysWithValues: lists))
    }
}
