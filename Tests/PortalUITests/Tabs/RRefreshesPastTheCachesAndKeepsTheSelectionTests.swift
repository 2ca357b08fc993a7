import Foundation
import PortalCore
import PortalPaging
import PortalPresets
import PortalRuntime
import PortalTestSupport
@testable import PortalUI
import Synchronization
import Testing

/// `R` in the browser, through the real interpreter: the list asked again from the top
/// with every request revalidating, the selection kept on its item while rows are added
/// above and below it, and no item shown twice. Also how a signed-in session that ended
/// and an estimated count read on the status line.
@MainActor @Suite struct RRefreshesPastTheCachesAndKeepsTheSelectionTests {
    static let base = BaseURL("https://x.supabase.co/rest/v1")

    @Test func rKeepsTheSelectionOnItsItemAsRowsComeAndGo() async throws {
        let server = LiveRowsServer(Array(1...200))
        let harness = Harness(size: Size(columns: 100, rows: 30), inner: server,
                              source: PostgRESTSource(baseURL: Self.base, table: "t"))
        await harness.runner.drain(into: harness.controller)
        harness.press(.character(":"), .character("4"), .character("6"), .enter)
        await harness.runner.drain(into: harness.controller)
        #expect(harness.controller.grid.selection == 45)
        #expect(harness.controller.listView.selectedItem?.rawID == 46)
        let before = harness.transport.count

        // Five rows go above the selection, three more come after it.
        server.set(Array(6...200) + [201, 202, 203])
        let effects = harness.send(.key(.character("R")))
        let pages = effects.compactMap { effect -> PageTicket? in if case .fetchPage(_, let ticket, _, _) = effect { ticket } else { nil } }
        #expect(!pages.isEmpty && pages.allSatisfy { $0.request.http.revalidate }, "\(pages.map { ($0.request.index, $0.generation, $0.request.http.revalidate) }) \(effects)")
        // Nothing moved yet: the old rows stay until the new ones arrive.
        #expect(harness.controller.listView.selectedItem?.rawID == 46)
        await harness.runner.drain(into: harness.controller)
        #expect(harness.transport.count > before)
        #expect(harness.controller.grid.selection == 40)
        #expect(harness.controller.listView.selectedItem?.rawID == 46)
        #expect(harness.controller.list.count == 198)
        let shown = harness.controller.listView.loadedItems.map(\.rawID)
        #expect(Set(shown).count == shown.count && !shown.contains(1))
        let status = harness.screen().lines.joined(separator: "\n")
        #expect(status.contains("41 / 198"), "\(status)")
    }

    @Test func rRefreshesEverySourcesList() async throws {
        // Rick and Morty's `?page=N` list (the snapshot), and a list that walks `next` links.
        for sequential in [false, true] {
            let harness = Harness(size: Size(columns: 100, rows: 30), sequential: sequential)
            await harness.runner.drain(into: harness.controller)
            harness.press(.character(":"), .character("3"), .character("0"), .enter)
            await harness.runner.drain(into: harness.controller)
            let selected = try #require(harness.controller.listView.selectedItem)
            let before = harness.transport.count
            let effects = harness.send(.key(.character("R")))
            let pages = effects.compactMap { effect -> PageTicket? in if case .fetchPage(_, let ticket, _, _) = effect { ticket } else { nil } }
            #expect(!pages.isEmpty && pages.allSatisfy { $0.request.http.revalidate })
            await harness.runner.drain(into: harness.controller)
            #expect(harness.transport.count > before)
            #expect(harness.controller.listView.selectedItem?.id == selected.id && harness.controller.grid.selection == 29)
            let shown = harness.controller.listView.loadedItems.map(\.id)
            #expect(Set(shown).count == shown.count)
        }
    }

    @Test func rInAPaneAsksForTheItemAgainPastTheCaches() async throws {
        let server = LiveRowsServer(Array(1...30))
        let harness = Harness(size: Size(columns: 100, rows: 30), inner: server,
                              source: PostgRESTSource(baseURL: Self.base, table: "t"))
        await harness.runner.drain(into: harness.controller)
        harness.press(.enter)
        await harness.runner.drain(into: harness.controller)
        #expect(harness.controller.pane?.item?.rawID == 1)
        let effects = harness.send(.key(.character("R")))
        #expect(effects.contains { if case .fetchItems(_, .refreshed, _, let ids) = $0 { ids == [1] } else { false } })
        let before = harness.transport.count
        await harness.runner.drain(into: harness.controller)
        #expect(harness.transport.count == before + 1)
        #expect(harness.transport.requests.last?.revalidate == true)
        #expect(harness.controller.pane?.item?.rawID == 1)
    }

    @Test func anEndedSessionSaysSignInAgainAndKeepsTheList() async throws {
        final class Ended: Transport {
            let first: any Transport
            let served = Mutex(0)
            init(first: any Transport) { self.first = first }
            func send(_ request: HTTPRequest) async throws -> HTTPResponse {
                let n = served.withLock { n in defer { n += 1 }; return n }
                if n == 0 { return try await first.send(request) }
                throw TransportError.sessionExpired
            }
        }
        let harness = Harness(size: Size(columns: 100, rows: 20), inner: Ended(first: LiveRowsServer(Array(1...200))),
                              source: PostgRESTSource(baseURL: Self.base, table: "t"))
        await harness.runner.drain(into: harness.controller)
        harness.press(.end)
        await harness.runner.drain(into: harness.controller)
        let screen = harness.screen().lines.joined(separator: "\n")
        #expect(screen.contains("session expired — sign in again") && !screen.contains("r to retry"), "\(screen)")
        #expect(harness.ids.prefix(20) == ArraySlice(1...20))
        // Exactly one request each: the session's end is not retried.
        #expect(harness.transport.count == 1 + harness.controller.list.failedPages.count)
    }

    @Test func anEstimatedCountReadsAsOne() async throws {
        let harness = Harness(size: Size(columns: 100, rows: 20), inner: LiveRowsServer(Array(1...200)),
                              source: PostgRESTSource(baseURL: Self.base, table: "t", count: .estimated))
        await harness.runner.drain(into: harness.controller)
        let screen = harness.screen().lines.joined(separator: "\n")
        #expect(screen.contains("/ ≈ 190"), "\(screen)")
        #expect(!harness.controller.list.isAddressable)
    }
}
