import Foundation
import PortalCore
import PortalPresets
import PortalRuntime
import PortalServers
import PortalTestSupport
import PortalUI
import Testing
import PortalPaging
import PortalREST

/// `s`/`S`: the server sorts the list by the selected column — PostgREST's `order`,
/// Django REST framework's `ordering` (checked against the first page, and undone when the
/// server ignored it) — or the status line says the API cannot. Never sorted by portal.
@MainActor
@Suite("Sorting on the server")
struct SortingAsksTheServerAndUndoesAnIgnoredOrderTests {
    static let postgREST: SnapshotTransport = {
        do { return try SnapshotTransport(dataFolder: TestData.folder, api: .postgREST) } catch { fatalError("\(error)") }
    }()

    func pageURLs(_ effects: [Effect]) -> [String] {
        effects.compactMap { effect in
            if case .fetchPage(_, let ticket, _, _) = effect { return ticket.request.http.url.absoluteString }
            return nil
        }
    }

    func names(_ h: Harness, _ count: Int = 20) -> [String] {
        (0..<count).compactMap { h.controller.list.item(at: $0)?.cell("name") }
    }

    @Test func postgRESTOrdersByTheSelectedColumnAndSReverses() async throws {
        let h = Harness(size: Size(columns: 100, rows: 30), inner: Self.postgREST,
                        source: PostgRESTSource(baseURL: SnapshotTransport.postgRESTBaseURL, table: "characters"))
        await h.runner.drain(into: h.controller)
        h.press(.character("t"))
        let effects = h.send(.key(.character("s")))
        let urls = pageURLs(effects)
        #expect(!urls.isEmpty && urls.allSatisfy { $0.contains("order=name.asc%2Cid") }, "\(urls)")
        #expect(h.controller.tab.query.sort == ListSort(field: "name", style: .postgrest))
        await h.runner.drain(into: h.controller)
        let ascending = names(h)
        #expect(ascending.count == 20 && ascending == ascending.sorted())
        #expect(ascending.first != "Rick Sanchez")
        let screen = h.screen()
        #expect(screen.text.contains("sorted name ↑"))
        #expect(screen.lines[1].contains("name ↑"))
        #expect(h.controller.grid.selection == 0)

        #expect(pageURLs(h.send(.key(.character("S")))).allSatisfy { $0.contains("order=name.desc%2Cid") })
        await h.runner.drain(into: h.controller)
        let descending = names(h)
        #expect(descending == descending.sorted(by: >) && descending.first != ascending.first)
        #expect(h.screen().text.contains("sorted name ↓"))
        // `s` on the sorted column: the server's own order again.
        #expect(pageURLs(h.send(.key(.character("s")))).allSatisfy { $0.contains("order=id") && !$0.contains("name.") })
        await h.runner.drain(into: h.controller)
        #expect(h.controller.list.item(at: 0)?.cell("name") == "Rick Sanchez")
        #expect(h.controller.tab.query.sort == nil)
    }

    @Test func theRickAndMortyAPICannotSortAndSaysSo() async {
        let h = Harness(size: Size(columns: 100, rows: 30))
        await h.runner.drain(into: h.controller)
        h.press(.character("t"))
        let effects = h.send(.key(.character("s")))
        #expect(pageURLs(effects).isEmpty)
        #expect(h.controller.tab.query.sort == nil)
        #expect(h.screen().text.contains("the Rick and Morty API cannot sort"))
        #expect(h.controller.list.item(at: 0)?.cell("name") == "Rick Sanchez")
        h.press(.down)
        #expect(!h.screen().text.contains("cannot sort"))
    }

    func django() async throws -> Harness {
        let server = try DialectTransport()
        let url = DialectTransport.url(.next)
        let first = try await server.send(HTTPRequest(url: url))
        let source = AnyAPISource(pages: AnyAPIPages(url: url, reading: try DialectDetector.detect(first, for: url)))
        #expect(SortStyle.detected(for: source) == .django)
        let h = Harness(size: Size(columns: 100, rows: 30), inner: server, source: source)
        await h.runner.drain(into: h.controller)
        h.press(.character("t"))
        return h
    }

    @Test func djangoRESTFrameworkOrderingIsAskedForAndKept() async throws {
        let h = try await django()
        #expect(pageURLs(h.send(.key(.character("S")))).allSatisfy { $0.contains("ordering=-name") })
        await h.runner.drain(into: h.controller)
        let descending = names(h)
        #expect(descending.count == 20 && descending == descending.sorted(by: >))
        #expect(h.controller.tab.query.sort == ListSort(field: "name", descending: true, style: .django))
        #expect(h.screen().text.contains("sorted name ↓"))
        // The next pages keep the order (DRF's `next` links carry it).
        h.press(.character("G"))
        await h.runner.drain(into: h.controller)
        #expect(h.transport.urls.suffix(3).allSatisfy { $0.contains("ordering=-name") }, "\(h.transport.urls.suffix(3))")
        #expect(h.controller.tab.query.sort != nil)
    }

    @Test func aServerThatIgnoresTheOrderingIsCaughtAndTheListGoesBack() async throws {
        let h = try await django()
        h.press(.right, .right)
        #expect(h.controller.tab.table.selected?.key == "species")
        #expect(pageURLs(h.send(.key(.character("s")))).allSatisfy { $0.contains("ordering=species") })
        await h.runner.drain(into: h.controller)
        #expect(h.controller.tab.query.sort == nil)
        #expect(h.screen().text.contains("the server ignored ordering=species"))
        #expect(h.controller.list.item(at: 0)?.cell("name") == "Rick Sanchez")
        #expect(h.transport.urls.last?.contains("ordering") == false)
    }

    /// `--sort-style github` on a list in GitHub's shape (a top-level array, `Link`): `s`
    /// asks `sort=…&direction=…`; the mirror's GitHub-style route sorts nothing, which the
    /// first page shows, so the list goes back to the server's order and says why.
    @Test func gitHubSortAndDirectionAreAskedForAndAnIgnoredOneIsUndone() async throws {
        let server = try DialectTransport()
        let url = DialectTransport.url(.link)
        let first = try await server.send(HTTPRequest(url: url))
        let source = AnyAPISource(pages: AnyAPIPages(url: url, reading: try DialectDetector.detect(first, for: url)))
        #expect(SortStyle.detected(for: source) == nil)
        let transport = CountingTransport(server)
        let runner = EffectQueue(interpreter: EffectInterpreter(source: source, transport: transport, retryPolicy: .none, clock: ManualClock()))
        let controller = ScreenController(source: source, sourceLabel: "mirror", pictures: .off, sortStyle: .github)
        runner.enqueue(controller.update(.start(Size(columns: 100, rows: 30))))
        await runner.drain(into: controller)
        runner.enqueue(controller.update(.key(.character("t"))))
        let effects = controller.update(.key(.character("S")))
        #expect(!pageURLs(effects).isEmpty && pageURLs(effects).allSatisfy { $0.contains("sort=name&direction=desc") }, "\(pageURLs(effects))")
        runner.enqueue(effects)
        await runner.drain(into: controller)
        #expect(controller.tab.query.sort == nil)
        #expect(controller.listStatus.note?.contains("the server ignored sort=name&direction=desc") == true)
        #expect(transport.urls.last?.contains("direction") == false)
    }
}
