import Foundation
@testable import PortalCache
import PortalCore
import PortalImage
@testable import PortalRuntime
import PortalTestSupport
import Synchronization
import Testing

/// A picture is fetched once per run (issue 27, item 12): a picture whose fetch is
/// cancelled just as its answer arrives (its card scrolled away, a jump flew past it) is
/// still kept by the caches, so the next card with the same picture is served from them.
@Suite("A picture is fetched once per run")
struct PictureFetchedOnceTests {
    /// The network behind the caches, cancelling the asking task the moment its first
    /// answer is back: the user jumped away while the bytes were on their way.
    final class CancelledOnArrival: Transport {
        let inner: any Transport
        private let cancelled = Mutex(false)
        init(_ inner: any Transport) { self.inner = inner }

        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            let response = try await inner.send(request)
            if !cancelled.withLock({ was in defer { was = true }; return was }) { withUnsafeCurrentTask { $0?.cancel() } }
            return response
        }
    }

    @Test(arguments: [false, true])
    func aPictureCancelledOnArrivalIsNotFetchedAgain(sameInterpreter: Bool) async throws {
        let dir = try TemporaryDirectory()
        let cache = DiskCache(directory: dir.path)
        let source = TestData.rickAndMorty()
        let request = HTTPRequest(url: try #require(URL(string: TestData.base + "/character/avatar/1.jpeg")))
        let network = CountingTransport(TestData.snapshot)
        let transport = CachingTransport(wrapping: DiskCachingTransport(wrapping: CancelledOnArrival(network), cache: cache))
        let first = EffectInterpreter(source: source, transport: transport)
        _ = await Task { await first.fetchPicture(request) }.value
        #expect(network.count == 1)

        // The same picture on a card 826 further on: memory first, then the disk cache.
        let second = sameInterpreter ? first : EffectInterpreter(source: source, transport: transport)
        let outcome = await second.fetchPicture(request)
        guard case .picture = outcome else { Issue.record("no picture the second time: \(outcome)"); return }
        #expect(network.count == 1, "the picture was fetched again: \(network.urls)")
        #expect(cache.answer(for: cache.key(for: request)) != nil, "the disk cache does not hold the picture")
    }
}

/// The interpreter's decoded pictures are bounded by bytes (issue 27, item 4): a session
/// that sees hundreds of avatars keeps at most the default budget of them in memory, the
/// disk cache behind answering the rest.
@Suite("The picture memory cache is bounded by bytes")
struct PictureMemoryBudgetTests {
    @Test func aLongSessionKeepsAtMostTheBudget() async throws {
        let source = TestData.rickAndMorty()
        let interpreter = EffectInterpreter(source: source, transport: TestData.snapshot)
        for n in 1...90 {
            let request = HTTPRequest(url: try #require(URL(string: TestData.base + "/character/avatar/\(n).jpeg")))
            _ = await interpreter.fetchPicture(request)
        }
        #expect(interpreter.pictureCache.bytes <= PictureBudget.memoryCacheBytes, "\(interpreter.pictureCache.bytes) bytes in \(interpreter.pictureCache.count) pictures")
        // 2 MiB: the UI's store holds the screens' pictures; this one the few shared ones.
        #expect(interpreter.pictureCache.count >= 10, "the budget holds a screen's worth of avatars")
    }
}
