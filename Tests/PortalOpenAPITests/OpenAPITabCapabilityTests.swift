import Foundation
import PortalCore
import PortalPaging
import PortalMirror
import PortalOpenAPI
import PortalTestSupport
import Testing

/// An OpenAPI document's tabs each keep their own list's capabilities: a tab whose list
/// numbers its pages jumps while a cursor tab beside it walks, and `s` sorts a tab with
/// its own list's sort parameter (the composite has none of its own).
@Suite struct OpenAPITabCapabilityTests {
    /// The mirror's page-number list and its cursor list as one source's two tabs.
    static func pagesAndCursorTabs(_ mirror: RunningMirror) async throws -> any Source {
        let url = try #require(URL(string: mirror.origin + "/openapi.json"))
        let tabs = try await OpenAPITabs.load(url: url, transport: OpenAPIMirror.transport)
        let chosen = try ["pagesCharacters", "cursorCharacters", "nextCharacters"].map { try #require(tabs.list(named: $0)) }
        return await tabs.source(transport: OpenAPIMirror.transport, headers: [:], lists: chosen).source
    }

    @Test func aPageNumberTabJumpsToItsEndWhileTheCursorTabWalks() async throws {
        try await OpenAPIMirror.with { mirror in
            let source = try await Self.pagesAndCursorTabs(mirror)
            let characters = try MirrorData.load(folder: OpenAPIMirror.dataFolder).rickAndMorty.characters.map { String($0.id) }

            // G on the page-number tab: its first page (the count), then its last page.
            let pagesQuery = ListQuery(kind: ItemKind(rawValue: "pagesCharacters"))
            let strategy = SourcePages(source: source, query: pagesQuery)
            let counting = CountingTransport(OpenAPIMirror.transport)
            let fetcher = PageFetcher(transport: counting, strategy: strategy, policy: .none)
            let list = SparseList<Item>(firstPage: strategy.firstPage, addressing: PageAddressing(source: source, query: pagesQuery))
            await Self.load(list, fetcher, 0..<1)
            #expect(list.isAddressable && list.count == characters.count)
            await Self.load(list, fetcher, (characters.count - 1)..<characters.count)
            #expect(counting.count <= 3, "\(counting.urls)")
            #expect(list.item(at: characters.count - 1)?.servedID == characters.last)

            // The cursor tab cannot address its pages: it walks, a page after the other.
            #expect(PageAddressing(source: source, query: ListQuery(kind: ItemKind(rawValue: "cursorCharacters"))) == nil)
            let cursor = ListQuery(kind: ItemKind(rawValue: "cursorCharacters"))
            let walking = SparseList<Item>(firstPage: source.firstPage(for: cursor), addressing: PageAddressing(source: source, query: cursor))
            #expect(!walking.isAddressable)
        }
    }

    @Test func eachTabSortsWithItsOwnListsParameter() async throws {
        try await OpenAPIMirror.with { mirror in
            let source = try await Self.pagesAndCursorTabs(mirror)
            let next = ItemKind(rawValue: "nextCharacters")
            // Django REST framework's shape (`count`/`next`/`previous`/`results`): `ordering`.
            #expect(SortStyle.style(for: source, query: ListQuery(kind: next), given: nil) == .django)
            // A tab portal cannot place says so as any API's list does, and takes `--sort-style`.
            let cursor = ListQuery(kind: ItemKind(rawValue: "cursorCharacters"))
            #expect(SortStyle.style(for: source, query: cursor, given: nil) == nil)
            #expect(SortStyle.isAnyAPIList(source, query: cursor))
            #expect(SortStyle.style(for: source, query: cursor, given: .github) == .github)

            var sorted = ListQuery(kind: next)
            sorted.sort = ListSort(field: "name", descending: true, style: .django)
            #expect(source.firstPage(for: sorted).http.url.absoluteString.contains("ordering=-name"))
        }
    }

    /// Loads the pages `visible` shows, as the browser's planner asks for them.
    static func load<S: PageStrategy>(_ list: SparseList<S.Item>, _ fetcher: PageFetcher<S>, _ visible: Range<Int>) async {
        for ticket in list.ticketsForPages(near: visible, before: 0, after: 0) { list.apply(await fetcher.fetch(ticket), for: ticket) }
    }
}
