import Foundation
import PortalCore
import PortalPresets
import PortalSources
import PortalTestSupport
import Testing

/// A saved API of `kind = "rickandmorty"`: the preset's own tabs at the saved `url`, as
/// `--api rickandmorty --base-url URL` would make them; the saved headers go with it.
@Suite struct ASavedPresetIsThePresetAtItsURLTests {
    @Test func itsTabsAreThePresetsUnderTheSavedURL() async throws {
        let text = """
            [apis.rm]
            kind = "rickandmorty"
            url = "http://rm.test/api"
            """
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("portal-sources-\(UUID().uuidString).toml").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        var request = SourceRequest()
        (request.saved, request.config) = ("rm", path)
        let server = CountingTransport(TestData.snapshot)
        let resolved = try await SourceResolver().resolve(request, for: .browse(tab: "locations"), over: Connection(transport: server, tracer: nil))
        #expect(resolved.source is RickAndMortySource)
        #expect(resolved.tab == 2)
        #expect(resolved.label == "rm.test")
        #expect(resolved.source.firstPage(for: ListQuery(kind: resolved.source.tabs[2].kind)).http.url.absoluteString == "http://rm.test/api/location")
        #expect(server.count == 0)
    }
}
