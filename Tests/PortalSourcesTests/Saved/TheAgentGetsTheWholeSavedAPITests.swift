import Foundation
import PortalCore
import PortalPresets
import PortalSources
import PortalTestSupport
import Testing

/// `portal mcp` (`.agent`): a saved API's lists, every one, each read from its first page,
/// with the names the agent calls them by; a preset the way the browser makes it.
@Suite struct TheAgentGetsTheWholeSavedAPITests {
    @Test func everySavedListIsReadAndNamed() async throws {
        let server = CountingTransport(CrewTransport())
        let resolved = try await SourceResolver().resolve(try ASavedAPIResolvesToItsListsTests.request(), for: .agent,
                                                          over: Connection(transport: server, tracer: nil))
        #expect(resolved.listNames == ["members", "teams"])
        #expect(resolved.baseURL.text == CrewTransport.root)
        #expect(resolved.saved?.api.name == "crew")
        #expect(server.count == 2)
    }

    @Test func aPresetIsItsTabsAsServedUnderItsRoot() async throws {
        var request = SourceRequest()
        (request.api, request.data) = (.pokeAPI, TestData.folder)
        let resolved = try await SourceResolver().resolve(request, for: .agent)
        #expect(resolved.source.tabs.count == 1)
        #expect(resolved.baseURL == APIPreset.pokeAPI.snapshotBaseURL)
    }
}
