import Foundation
import PortalCore
import PortalPresets
import PortalSources
import Testing

/// `portal mcp`'s built-in presets: the one `--data` or `--base-url` names, none beside an
/// API the command line names, else every preset with a public server.
@Suite struct AgentsGetThePresetsTheRequestNamesTests {
    @Test func withoutARootThePublicPresetsAreServed() {
        let kinds = SourceRequest().presetsForAgents.map(\.preset.kind)
        #expect(kinds == APIRegistry.presets.filter { $0.liveBaseURL != nil }.map(\.kind))
        #expect(kinds.contains(.rickAndMorty) && kinds.contains(.pokeAPI) && !kinds.contains(.postgREST))
    }

    @Test func aBaseURLIsTheOnePresetServed() {
        var request = SourceRequest()
        request.baseURL = "http://127.0.0.1:1/api/v2"
        #expect(request.presetsForAgents.map(\.preset.kind) == [.pokeAPI])
    }

    @Test func anAPINamedOnTheCommandLineLeavesNoPreset() {
        var request = SourceRequest()
        (request.data, request.url) = ("d", "http://a.test/x")
        #expect(request.presetsForAgents.isEmpty)
    }
}
