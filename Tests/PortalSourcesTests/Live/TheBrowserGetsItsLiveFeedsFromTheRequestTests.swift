import Foundation
import PortalCore
import PortalSources
import PortalTestSupport
import Testing

/// The browser's live options resolved with its source: `--events URL` follows the `--url`
/// list's first tab, keyed as that list keys its records; without a live option nothing is
/// followed; `--events` on anything but `--url` is refused in the command line's words.
@Suite struct TheBrowserGetsItsLiveFeedsFromTheRequestTests {
    @Test func eventsFollowTheURLsOneTab() async throws {
        var request = SourceRequest()
        request.url = DialectTransport.url(.pages).absoluteString
        request.events = DialectTransport.origin + "/events"
        let resolved = try await SourceResolver().resolve(request, for: .browse(tab: nil), over: Connection(transport: try DialectTransport(), tracer: nil))
        #expect(Array(resolved.live.follows.keys) == [0])
        #expect(resolved.live.follows[0]?.kind == resolved.source.tabs[0].kind)
    }

    @Test func noLiveOptionFollowsNothing() async throws {
        var request = SourceRequest()
        request.data = TestData.folder
        let resolved = try await SourceResolver().resolve(request, for: .browse(tab: nil))
        #expect(resolved.live.follows.isEmpty)
    }

    @Test func eventsWithoutAURLAreRefused() async throws {
        var request = SourceRequest()
        (request.data, request.events) = (TestData.folder, "http://events.test/stream")
        await #expect(throws: SourceFailure.usage("--events goes with --url (the list whose changes it follows)")) {
            try await SourceResolver().resolve(request, for: .browse(tab: nil))
        }
    }
}
