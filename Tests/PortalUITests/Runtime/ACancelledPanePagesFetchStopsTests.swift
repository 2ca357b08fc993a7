import Foundation
import PortalCore
import PortalPaging
import PortalRuntime
import PortalTestSupport
import PortalUI
import Synchronization
import Testing

/// The interpreter's side of a pane list's cancelled page (`Effect.cancelPanePage`): the
/// fetch of that page stops and answers nothing, while the pane's other fetches go on —
/// through the real `perform`, as the terminal runs effects.
@MainActor
@Suite("Pane list pages: a cancelled page's fetch stops")
struct ACancelledPanePagesFetchStopsTests {
    /// Holds every request for episode 1 until its task is cancelled; answers the rest.
    final class HeldEpisode: Transport {
        let inner: any Transport
        init(_ inner: any Transport) { self.inner = inner }
        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            if request.url.absoluteString.hasSuffix("/episode/%5B1%5D") {
                try await Task.sleep(for: .seconds(3600))
            }
            return try await inner.send(request)
        }
    }

    @Test(.timeLimit(.minutes(1))) func aCancelledPanePageAnswersNothingAndTheOthersDo() async throws {
        let h = Harness(size: Size(columns: 80, rows: 14), inner: HeldEpisode(TestData.snapshot), start: false)
        let interpreter = h.runner.interpreter
        let pane = PaneAddress(tab: 0, generation: 0, token: 9)
        let list = SparseList<Item>(firstPage: PageRequest(url: try #require(URL(string: "http://related.test/0")), index: 0), addressing: nil)
        let ticket = try #require(list.ticketsForPages(near: 0..<1, before: 0, after: 0).first)
        let held = PaneListPage(list: 1, ticket: ticket)
        let other = PaneListPage(list: 2, ticket: ticket)
        let delivered = Mutex<[AppMessage]>([])
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            interpreter.activity.onSettled { done.resume() }
            interpreter.perform(.fetchItems(pane, .listPage(held), .episode, ids: [1])) { message in delivered.withLock { $0.append(message) } }
            interpreter.perform(.fetchItems(pane, .listPage(other), .episode, ids: [2])) { message in delivered.withLock { $0.append(message) } }
            interpreter.perform(.cancelPanePage(pane, held.key)) { _ in }
        }
        let purposes = delivered.withLock { $0 }.compactMap { if case .items(pane, let purpose, _) = $0 { purpose } else { nil } }
        #expect(purposes == [.listPage(other)])
    }
}
