import Foundation
import Testing
@testable import PortalCore
import PortalDemoModels
@testable import PortalPaging
import PortalPresets
import PortalTestSupport

/// The rule that stops lists from going round, one case at a time, and through the loader.
@Suite("PageLinkGuard refuses next links that loop or wander")
struct NextLinksThatLoopOrWanderAreRefusedTests {
    static func page(_ query: String, path: String = "/api/character", headers: [String: String] = [:], index: Int = 1) throws -> PageRequest {
        PageRequest(url: try #require(URL(string: "http://x" + path + query)), headers: headers, index: index)
    }

    static let first = PageRequest(url: URL(string: "http://x/api/character")!, index: 0)

    @Test func forwardLinksAreAdmitted() throws {
        var links = PageLinkGuard(firstPage: Self.first)
        #expect(links.admit(try Self.page("?page=2"), after: Self.first, bringsNothingNew: false) == nil)
        #expect(links.admit(try Self.page("?page=3"), after: try Self.page("?page=2"), bringsNothingNew: false) == nil)
        #expect(links.admit(try Self.page("/?page=4"), after: try Self.page("?page=3"), bringsNothingNew: false) == nil, "a trailing slash is the same list")
    }

    @Test(arguments: ["?page=2", "?page=1", "?page=0", "?page=-5", "?page=1e3", ""])
    func linksBackOrInPlaceAreRefused(query: String) throws {
        var links = PageLinkGuard(firstPage: Self.first)
        let second = try Self.page("?page=2")
        #expect(links.admit(second, after: Self.first, bringsNothingNew: false) == nil)
        let failure = try #require(links.admit(try Self.page(query), after: second, bringsNothingNew: false))
        #expect(failure.kind == .refusedNext && !failure.isTransient)
    }

    @Test func aLinkToAnotherPathIsRefused() throws {
        var links = PageLinkGuard(firstPage: Self.first)
        let failure = try #require(links.admit(try Self.page("?page=2", path: "/api/episode"), after: Self.first, bringsNothingNew: false))
        #expect(failure.message.contains("leaves this list"))
    }

    @Test func threeEmptyPagesInARowStopTheList() throws {
        var links = PageLinkGuard(firstPage: Self.first)
        #expect(links.admit(try Self.page("?page=2"), after: Self.first, bringsNothingNew: true) == nil)
        #expect(links.admit(try Self.page("?page=3"), after: try Self.page("?page=2"), bringsNothingNew: false) == nil, "a page with items resets the run")
        #expect(links.admit(try Self.page("?page=4"), after: try Self.page("?page=3"), bringsNothingNew: true) == nil)
        #expect(links.admit(try Self.page("?page=5"), after: try Self.page("?page=4"), bringsNothingNew: true) == nil)
        let failure = try #require(links.admit(try Self.page("?page=6"), after: try Self.page("?page=5"), bringsNothingNew: true))
        #expect(failure.message.contains("3 pages in a row"))
    }

    @Test func offsetsAndRangesMustMoveForward() throws {
        let first = try Self.page("?offset=0&limit=20", path: "/api/v2/pokemon", index: 0)
        var links = PageLinkGuard(firstPage: first)
        let second = try Self.page("?offset=20&limit=20", path: "/api/v2/pokemon")
        #expect(links.admit(second, after: first, bringsNothingNew: false) == nil)
        #expect(links.admit(try Self.page("?offset=10&limit=20", path: "/api/v2/pokemon"), after: second, bringsNothingNew: false) != nil)
        #expect(links.admit(try Self.page("?offset=1e3&limit=20", path: "/api/v2/pokemon"), after: second, bringsNothingNew: false) != nil)
        let r0 = try Self.page("", path: "/rest/v1/t", headers: ["Range": "0-19"], index: 0)
        var ranges = PageLinkGuard(firstPage: r0)
        let r1 = try Self.page("", path: "/rest/v1/t", headers: ["Range": "20-39"])
        #expect(ranges.admit(r1, after: r0, bringsNothingNew: false) == nil)
        #expect(ranges.admit(try Self.page("", path: "/rest/v1/t", headers: ["Range": "0-19"]), after: r1, bringsNothingNew: false) != nil)
    }

    /// A refused link changes nothing: retrying the page is refused the same way.
    @Test func aRefusalIsStable() throws {
        var links = PageLinkGuard(firstPage: Self.first)
        let back = try Self.page("?page=1")
        let a = links.admit(back, after: try Self.page("?page=2"), bringsNothingNew: true)
        let b = links.admit(back, after: try Self.page("?page=2"), bringsNothingNew: true)
        #expect(a != nil && a == b)
    }

    // MARK: Through the loader

    /// A list whose page 2 links back to page 1: the loader fails page 2 and asks for
    /// nothing more, however often `loadMore` is called.
    @Test func theLoaderStopsALoopingList() async throws {
        let strategy = PresetPages<Character>.rickAndMorty(baseURL: TestData.base, request: .list(.character))
        let page2 = try await get("/character?page=2")
        let looping = String(decoding: page2.body, as: UTF8.self).replacingOccurrences(of: "character?page=3", with: "character?page=1")
        let faulty = FaultyTransport(TestData.snapshot)
        faulty.fail("page=2", with: .success(.json(200, looping)))
        let counting = CountingTransport(faulty)
        let loader = await drain(strategy, through: counting)
        guard case .failed(let failure, _) = loader.state else { Issue.record("\(loader.state)"); return }
        #expect(failure.kind == .refusedNext)
        #expect(counting.count == 2 && loader.items.count == 20)
        #expect(loader.loadMore() == nil)
    }

    @Test(arguments: [("-5", nil), ("\"lots\"", nil), ("3.5", nil), ("10", nil), ("826", 826)] as [(String, Int?)])
    func anImpossibleCountIsNeverShown(count: String, shown: Int?) async throws {
        let strategy = PresetPages<Character>.rickAndMorty(baseURL: TestData.base, request: .list(.character))
        let page1 = String(decoding: try await get("/character").body, as: UTF8.self)
        let lying = page1.replacingOccurrences(of: "\"count\":826", with: "\"count\":\(count)")
        let faulty = FaultyTransport(TestData.snapshot)
        faulty.fail("/character", with: .success(.json(200, lying)))
        let loader = ListLoader(strategy: strategy)
        let fetcher = PageFetcher(transport: faulty, strategy: strategy, policy: .none)
        let ticket = try #require(loader.loadMore())
        #expect(loader.apply(await fetcher.fetch(ticket), for: ticket) == .inserted(0..<20))
        #expect(loader.totalCount == shown, "count \(count) shown as \(String(describing: loader.totalCount))")
    }
}
