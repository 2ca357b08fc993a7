import Foundation
import PortalCore
import PortalEffects
import PortalRuntime
import PortalTestSupport
import PortalUI
import Synchronization
import Testing

/// A list's pages never wait on its pictures (issue 35, item 18): pictures from an origin
/// that never answers hold their own slots and their own lane, and the pages the screen
/// asks for meanwhile are sent and answered — through the real `perform`, as the terminal
/// runs effects.
@MainActor
@Suite("Pages never wait on pictures")
struct PagesNeverWaitOnPicturesTests {
    /// Pictures hang until `release` (whatever cancels them: an origin that does not
    /// resolve); everything else is answered by the snapshot. Counts what it was sent.
    final class HangingPictures: Transport {
        let inner: any Transport
        private let state = Mutex((hanging: 0, pages: 0, lanes: [RequestLane]()))
        private let gate = AsyncStream<Void>.makeStream()
        init(_ inner: any Transport) { self.inner = inner }

        var hanging: Int { state.withLock { $0.hanging } }
        var pages: Int { state.withLock { $0.pages } }
        var pictureLanes: [RequestLane] { state.withLock { $0.lanes } }

        func release() { gate.continuation.finish() }

        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            if request.url.path.contains("/avatar/") {
                state.withLock { $0.hanging += 1; $0.lanes.append(request.lane) }
                for await _ in gate.stream {}
                state.withLock { $0.hanging -= 1 }
                throw TransportError.timedOut(.idle(seconds: 5))
            }
            state.withLock { $0.pages += 1 }
            return try await inner.send(request)
        }
    }

    func picture(_ n: Int) throws -> Effect {
        let request = HTTPRequest(url: try #require(URL(string: TestData.base + "/character/avatar/\(n).jpeg")))
        return .fetchPicture(PictureTicket(item: ItemKey(.character, n), request: request), renderings: [])
    }

    @Test(.timeLimit(.minutes(1))) func pagesAreSentAndAnsweredWhilePicturesHang() async throws {
        let transport = HangingPictures(TestData.snapshot)
        let h = Harness(size: Size(columns: 120, rows: 40), inner: transport, start: false)
        let interpreter = h.runner.interpreter
        // Eight pictures asked for and never answered: more than every slot there is.
        for n in 1...8 { interpreter.perform(try picture(n)) { _ in } }
        await TheFetchGateRunsNoMoreThanItsLimitTests.eventually { @Sendable in transport.hanging >= EffectInterpreter.pictureSlots }
        let hangingBefore = transport.hanging
        // Now the list: its pages go through the interpreter's gate while the pictures hang.
        h.send(.start(Size(columns: 120, rows: 40)))
        let controller = h.controller, runner = h.runner
        let listing = Task { @MainActor in await runner.drain(into: controller) }
        await TheFetchGateRunsNoMoreThanItsLimitTests.eventually { @Sendable in transport.pages >= 1 }
        #expect(transport.hanging == hangingBefore, "a page was sent only once a picture gave up")
        if transport.pages == 0 { transport.release() }  // without separate slots: unblock, the test has failed
        _ = await listing.value
        // The screen's pages (two of 20 fill 120 × 40, a third is the page ahead), each asked
        // once, all answered while the pictures still hung.
        #expect(h.pageURLs == [TestData.base + "/character", TestData.base + "/character?page=2", TestData.base + "/character?page=3"])
        #expect(h.controller.listView.loadedItems.count == 60)
        #expect(transport.hanging == hangingBefore, "the pictures stopped hanging: \(transport.hanging)")
        #expect(hangingBefore == EffectInterpreter.pictureSlots, "pictures beyond their slots wait in their own gate")
        // Pictures travel in their own lane of the live transport.
        #expect(transport.pictureLanes.allSatisfy { $0 == .pictures })
        transport.release()
    }
}
