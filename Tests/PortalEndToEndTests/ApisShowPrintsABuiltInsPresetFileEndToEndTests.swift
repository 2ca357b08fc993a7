import Foundation
import Testing

/// `portal apis show NAME [LIST]` on a built-in API: the built-in presets are files in the
/// config file's schema (issue 34, item 2), so they print as a user's saved lists do — the
/// table to paste into config.toml and edit — without a request; a saved API of the same
/// name is the user's and comes first.
@Suite(.enabled(if: EndToEndEnvironment.canRunBinary, EndToEndEnvironment.skipReason))
struct ApisShowPrintsABuiltInsPresetFileEndToEndTests {
    @Test func aBuiltInAPIsListsPrintAsTheirPresetFileSaysThem() async throws {
        let folder = try SavedAPIsListWithTheirOwnCredentialsEndToEndTests.folder(config: "")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let config = folder + "/config.toml"
        let location = try await SavedAPIsListWithTheirOwnCredentialsEndToEndTests.run(["apis", "show", "rickandmorty", "location", "--config", config], environment: [:])
        #expect(location.status == 0, "\(location.stderr)")
        let lines = location.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "[apis.rickandmorty.lists.location]" && lines.dropFirst().first == #"path = "/location""#, "\(location.stdout)")
        #expect(lines.contains(#"by_keys = "/location/{keys}""#))
        #expect(lines.contains(#"paging = { style = "next", next = "info.next", page = "page", total = "info.count", past_end = { status = 404, error = "There is nothing here" } }"#))
        #expect(lines.contains { $0.hasPrefix("detail = ") && $0.contains(#"related = [{ field = "residents", list = "character", title = "Residents" }]"#) })

        let all = try await SavedAPIsListWithTheirOwnCredentialsEndToEndTests.run(["apis", "show", "pokeapi", "--config", config], environment: [:])
        #expect(all.status == 0 && all.stdout.hasPrefix("[apis.pokeapi.lists.pokemon]\n"), "\(all.stdout)\(all.stderr)")
        #expect(all.stdout.contains("picture = \"https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon/{id}.png\""))

        let unknown = try await SavedAPIsListWithTheirOwnCredentialsEndToEndTests.run(["apis", "show", "rickandmorty", "planets", "--config", config], environment: [:])
        #expect(unknown.status == 2 && unknown.stderr.contains("'planets' is not a list of rickandmorty (character, episode, location)"), "\(unknown.stderr)")
    }

    @Test func aSavedAPIOfThatNameIsTheUsers() async throws {
        let folder = try SavedAPIsListWithTheirOwnCredentialsEndToEndTests.folder(config: """
            [apis.pokeapi]
            url = "http://127.0.0.1:9/api"
            lists = { mine = "/mine" }
            """)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let shown = try await SavedAPIsListWithTheirOwnCredentialsEndToEndTests.run(["apis", "show", "pokeapi", "--config", folder + "/config.toml", "--no-cache"], environment: [:])
        // The user's list is asked for (nothing answers there): not the preset's lists.
        #expect(!shown.stdout.contains("[apis.pokeapi.lists.pokemon]"), "\(shown.stdout)")
        #expect(shown.status != 0 || shown.stdout.contains("[apis.pokeapi.lists.mine]"), "\(shown.stdout)\(shown.stderr)")
    }
}
