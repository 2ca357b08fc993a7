import Foundation
import PortalCore
import PortalTestSupport
import Testing

/// The session's memory cache of answers keeps pages, not pictures (issue 27, item 4): a
/// picture's decoded pixels are kept by the interpreter's picture cache and its bytes by
/// the disk cache, and a third copy here was most of what 60 jumps on a million cards with
/// pictures grew by (`rss_mb_after_jumps_1m_pictures`).
@Suite("The session cache keeps pages, not pictures")
struct TheSessionCacheKeepsPagesNotPicturesTests {
    static func ask(_ transport: CachingTransport, _ url: String) async throws -> HTTPResponse {
        let response = try await transport.send(HTTPRequest(url: try #require(URL(string: url))))
        response.confirmDecoded()
        return response
    }

    @Test func aPictureIsAskedBehindAgainAPageIsNot() async throws {
        let network = CountingTransport(TestData.snapshot)
        let session = CachingTransport(wrapping: network)
        let avatar = TestData.base + "/character/avatar/1.jpeg"
        let first = try await Self.ask(session, avatar)
        #expect(first.status == 200 && first.header("content-type") == "image/jpeg")
        _ = try await Self.ask(session, avatar)
        #expect(network.count == 2, "the picture's bytes were not kept in memory")
        #expect(session.count == 0)
        let page = TestData.base + "/character?page=2"
        _ = try await Self.ask(session, page)
        _ = try await Self.ask(session, page)
        #expect(network.count == 3, "a page is still kept")
        #expect(session.count == 1)
    }
}
