import Foundation
@testable import PortalConfig
import PortalCore
import PortalPaging
import PortalPresets
import PortalREST
import Testing

/// What the browser offers to filter a list by is its file's `filters` and `search`, for a
/// built-in API as for a user's: Rick and Morty's tabs (the `/` search on `name`, the `f`
/// form's choices and text fields with their labels and examples) come from rickandmorty.toml, and name
/// exactly the query keys the server filters by (`Resource.allowedFilters`, how requests and
/// `next` links are read back). A filter is its values, `[]` for any text, or a table of
/// values, label and example; each is written back as it was read.
@Suite struct RickAndMortysFiltersAreItsFilesAndTheServersKeysTests {
    static func source() throws -> RickAndMortySource {
        RickAndMortySource(baseURL: "https://rickandmortyapi.com/api", lists: try BuiltInPresets.lists(for: .rickAndMorty))
    }

    @Test func theFileNamesExactlyTheKeysTheServerFiltersBy() throws {
        let lists = try BuiltInPresets.lists(for: .rickAndMorty)
        for resource in Resource.allCases {
            #expect(lists.specs[resource.rawValue]?.filters.map(\.parameter) == resource.allowedFilters, "\(resource)")
        }
    }

    @Test func theCharactersTabSearchesByNameAndOffersTheRestAsTheFormDid() throws {
        let tab = try #require(try Self.source().tabs.first { $0.kind == .character })
        #expect(tab.searchKey == "name")
        #expect(tab.filters == [
            FilterSpec(key: "status", label: "Status", choices: ["Alive", "Dead", "unknown"]),
            FilterSpec(key: "gender", label: "Gender", choices: ["Female", "Male", "Genderless", "unknown"]),
            FilterSpec(key: "species", label: "Species", example: "Human"),
            FilterSpec(key: "type", label: "Type", example: "Parasite"),
        ])
    }

    @Test func episodesAndLocationsTakeTheirLabelsAndExamplesFromTheFile() throws {
        let tabs = try Self.source().tabs
        #expect(tabs.first { $0.kind == .episode }?.filters == [FilterSpec(key: "episode", label: "Code", example: "S03")])
        #expect(tabs.first { $0.kind == .location }?.filters == [
            FilterSpec(key: "type", label: "Type", example: "Planet"), FilterSpec(key: "dimension", label: "Dimension", example: "C-137"),
        ])
    }

    @Test func aSourceWithoutItsFileOffersNoFilter() {
        let bare = RickAndMortySource(baseURL: "https://rickandmortyapi.com/api")
        #expect(bare.tabs.allSatisfy { $0.filters.isEmpty && $0.searchKey == nil })
    }

    static let crew = """
        [apis.crew]
        url = "https://crew.example.com/v2"
        [apis.crew.lists.members]
        path = "/members"
        filters = { state = ["active", "away"], q = [], team = { values = [], label = "Team code", example = "T-7" } }
        """

    @Test func aUsersFiltersAreValuesTextOrATableAndWriteBackAsRead() throws {
        let file = try ConfigFile.parse(Self.crew, path: "/tmp/config.toml", othersCanRead: false)
        let spec = try #require(file.api(named: "crew")?.lists.first?.spec)
        #expect(spec.filters == [
            SpecFilter(parameter: "state", values: ["active", "away"]), SpecFilter(parameter: "q", values: []),
            SpecFilter(parameter: "team", values: [], label: "Team code", example: "T-7"),
        ])
        #expect(spec.filters.map(\.field) == [
            FilterSpec(key: "state", label: "State", choices: ["active", "away"]), FilterSpec(key: "q", label: "Q"),
            FilterSpec(key: "team", label: "Team code", example: "T-7"),
        ])
        let written = spec.toml(api: "crew", list: "members", path: "/members", items: nil)
        #expect(written.contains(#"filters = { state = ["active", "away"], q = [], team = { values = [], label = "Team code", example = "T-7" } }"#), "\(written)")
    }

    /// `search` names the filter `/` types into, for any list: its tab searches by it and
    /// the form offers the others.
    @Test func aUsersSearchIsTheFilterSlashTypesInto() throws {
        let text = Self.crew.replacingOccurrences(of: "filters = {", with: "search = \"q\"\nfilters = {")
        let file = try ConfigFile.parse(text, path: "/tmp/config.toml", othersCanRead: false)
        let spec = try #require(file.api(named: "crew")?.lists.first?.spec)
        #expect(spec.search == "q")
        #expect(spec.toml(api: "crew", list: "members", path: "/members", items: nil).contains("\nsearch = \"q\"\n"))
        let url = try #require(URL(string: "https://crew.example.com/v2/members"))
        let reading = try DialectDetector.detect(HTTPResponse(status: 200, headers: [:], body: Data(#"[{"id":1}]"#.utf8)), for: url)
        let tab = try #require(AnyAPISource(pages: AnyAPIPages(url: url, reading: reading), spec: spec, name: "members").tabs.first)
        #expect(tab.searchKey == "q")
        #expect(tab.filters.map(\.key) == ["state", "team"], "choices first, then text, as the built-in tabs")
    }

    @Test(arguments: [
        (#"filters = { state = [1, 2] }"#, "filters.state is the array of values it takes ([] for any text) or { values, label, example }"),
        (#"filters = { state = { values = ["a"], colour = "red" } }"#, "unknown key colour in filters.state (known: values, label, example)"),
        (#"filters = { state = { label = 3 } }"#, "label must be a string"),
    ])
    func aBadFilterIsRefusedNamingItsKey(line: String, message: String) {
        let text = "[apis.crew]\nurl = \"https://crew.example.com\"\n[apis.crew.lists.members]\npath = \"/m\"\n" + line + "\n"
        let error = #expect(throws: ConfigError.self) { try ConfigFile.parse(text, path: "/tmp/config.toml", othersCanRead: false) }
        #expect(error?.description.contains(message) == true, "\(error?.description ?? "no error")")
        #expect(error?.description.hasPrefix("/tmp/config.toml:5:") == true)
    }
}
