import Foundation
@testable import PortalCache
import PortalCore
import PortalRuntime
import PortalTestSupport
import Testing

/// A picture the disk cache holds that is no picture (a planted or damaged row) is
/// dropped when it fails to decode, so the next look asks the network, as an undecodable
/// page is.
@Suite("Undecodable pictures leave the caches")
struct PictureCacheRejectionTests {
    @Test func aKeptAnswerThatIsNoPictureIsDroppedAndFetchedAgain() async throws {
        let dir = try TemporaryDirectory()
        let cache = DiskCache(directory: dir.path)
        let source = TestData.rickAndMorty()
        let request = HTTPRequest(url: try #require(URL(string: TestData.base + "/character/avatar/1.jpeg")))
        let planted = HTTPResponse(status: 200, headers: ["content-type": "image/jpeg"], body: Data("not a picture".utf8))
        cache.store(StoredAnswer(key: cache.key(for: request), url: request.url, response: planted, now: Date()))
        #expect(cache.answer(for: cache.key(for: request)) != nil)

        let network = CountingTransport(TestData.snapshot)
        let transport = CachingTransport(wrapping: DiskCachingTransport(wrapping: network, cache: cache))
        // Two interpreters: each has its own memory of pictures, so the second asks the
        // transport again.
        let first = await EffectInterpreter(source: source, transport: transport).fetchPicture(request)
        guard case .missing = first else { Issue.record("the planted bytes decoded: \(first)"); return }
        #expect(network.count == 0, "the planted row answered first")
        #expect(cache.answer(for: cache.key(for: request)) == nil, "the row that is no picture is still kept")
        let second = await EffectInterpreter(source: source, transport: transport).fetchPicture(request)
        guard case .picture = second else { Issue.record("the network's picture did not decode: \(second)"); return }
        #expect(network.count == 1)
    }
}
