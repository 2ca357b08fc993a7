import Foundation
import Testing
@testable import PortalCore
import PortalDemoModels
@testable import PortalPaging
import PortalPresets
import PortalServers
import PortalTestSupport

/// The sparse list driven through real strategies and the snapshot, counting requests.
@Suite("The sparse list over the snapshot: jumps, scrolls back, walks")
struct SparseListSnapshotTests {
    static func characters(_ filters: [(String, String)] = []) -> PresetPages<Character> {
        ListLoaderTests.characters(filters)
    }

    /// Runs every ticket for `visible` and applies the results; the pages asked for.
    @discardableResult
    static func load<S: PageStrategy>(_ list: SparseList<S.Item>, _ fetcher: PageFetcher<S>, _ visible: Range<Int>, before: Int = 0, after: Int = 0) async -> [Int] {
        let tickets = list.ticketsForPages(near: visible, before: before, after: after)
        for ticket in tickets { list.apply(await fetcher.fetch(ticket), for: ticket) }
        return tickets.map(\.request.index)
    }

    @Test func theLastCardIsThreeRequestsAway() async throws {
        let counting = CountingTransport(TestData.snapshot)
        let strategy = Self.characters()
        let list = SparseList(strategy: strategy)
        let fetcher = PageFetcher(transport: counting, strategy: strategy, policy: .none)
        #expect(await Self.load(list, fetcher, 0..<30) == [0])
        #expect(list.count == 826 && list.isAddressable)
        // End: items 806..<826 on screen.
        #expect(await Self.load(list, fetcher, 806..<826) == [40, 41])
        #expect(counting.urls == ["\(TestData.base)/character", "\(TestData.base)/character?page=41", "\(TestData.base)/character?page=42"])
        #expect((806..<826).map { list.item(at: $0)?.id } == Array(807...826))
        #expect(list.slot(at: 500) == .placeholder(loading: false))
    }

    @Test func scrollingUpFromTheEndAsksForNoURLTwice() async throws {
        let counting = CountingTransport(TestData.snapshot)
        let strategy = Self.characters()
        let list = SparseList(strategy: strategy)
        let fetcher = PageFetcher(transport: counting, strategy: strategy, policy: .none)
        await Self.load(list, fetcher, 0..<30)
        await Self.load(list, fetcher, 796..<826, before: 30)
        // 30 screens of 30 items up from the end, a screen of margin above.
        for step in 1...30 {
            let top = max(0, 796 - 30 * step)
            await Self.load(list, fetcher, top..<top + 30, before: 30)
        }
        #expect(counting.count == 42)
        #expect(Set(counting.urls).count == counting.count)
        #expect((0..<826).map { list.item(at: $0)?.id } == Array(1...826))
    }

    @Test func aFilteredListIsAddressedWithItsFilters() async throws {
        let filters = [("name", "rick"), ("status", "alive")]
        let expected = await drain(Self.characters(filters), through: TestData.snapshot).items.map(\.id)
        #expect(expected.count > 20)
        let counting = CountingTransport(TestData.snapshot)
        let strategy = Self.characters(filters)
        let list = SparseList(strategy: strategy)
        let fetcher = PageFetcher(transport: counting, strategy: strategy, policy: .none)
        await Self.load(list, fetcher, 0..<1)
        #expect(list.count == expected.count)
        await Self.load(list, fetcher, expected.count - 1..<expected.count)
        #expect(counting.urls.last?.contains("name=rick&status=alive") == true)
        #expect(list.item(at: expected.count - 1)?.id == expected.last)
    }

    @Test func aSourceWithOnlyNextLinksWalksInOrderAndStops() async throws {
        let counting = CountingTransport(TestData.snapshot)
        let strategy = NextLinkOnly(Self.characters())
        let list = SparseList(strategy: strategy)
        let fetcher = PageFetcher(transport: counting, strategy: strategy, policy: .none)
        #expect(await Self.load(list, fetcher, 0..<10) == [0])
        #expect(list.mode == .sequential && !list.isAddressable && list.count == 20)
        // Far from the end of what is loaded: nothing asked. End starts a walk.
        #expect(list.ticketsForPages(near: 0..<10, before: 0, after: 5).isEmpty)
        #expect(list.startWalk() && list.isWalking)
        var counts: [Int] = []
        while list.count < 100, let ticket = list.ticketsForPages(near: 0..<10, before: 0, after: 5).first {
            let before = list.count
            #expect(list.apply(await fetcher.fetch(ticket), for: ticket) == .appended(before..<before + 20))
            counts.append(list.count)
        }
        #expect(counts == [40, 60, 80, 100])
        // Esc stops it: no more pages for a viewport at the top.
        list.stopWalk()
        #expect(list.ticketsForPages(near: 0..<10, before: 0, after: 5).isEmpty)
        #expect(counting.count == 5)
        // End again walks to the end, and the walk stops there by itself.
        #expect(list.startWalk())
        while let ticket = list.ticketsForPages(near: 0..<10, before: 0, after: 5).first {
            list.apply(await fetcher.fetch(ticket), for: ticket)
        }
        #expect(!list.isWalking && !list.hasMore && !list.startWalk())
        #expect(counting.count == 42 && Set(counting.urls).count == 42)
        #expect((0..<826).map { list.item(at: $0)?.id } == Array(1...826))
    }

    @Test func aSequentialListLoadsAsItScrollsAsListLoaderDid() async throws {
        let counting = CountingTransport(TestData.snapshot)
        let strategy = NextLinkOnly(Self.characters())
        let list = SparseList(strategy: strategy)
        let fetcher = PageFetcher(transport: counting, strategy: strategy, policy: .none)
        var top = 0
        while top < 826 {
            await Self.load(list, fetcher, top..<top + 15, after: 15)
            top += 3
        }
        #expect(counting.count == 42 && list.count == 826)
    }

    @Test func anAddressableListNeverWalks() async throws {
        let strategy = Self.characters()
        let list = SparseList(strategy: strategy)
        let fetcher = PageFetcher(transport: TestData.snapshot, strategy: strategy, policy: .none)
        await Self.load(list, fetcher, 0..<1)
        #expect(!list.startWalk() && !list.isWalking && !list.hasMore)
    }

    @Test func anEmptySearchIsAnEmptyAddressableList() async throws {
        let strategy = Self.characters([("name", "no such person")])
        let list = SparseList(strategy: strategy)
        let fetcher = PageFetcher(transport: TestData.snapshot, strategy: strategy, policy: .none)
        #expect(await Self.load(list, fetcher, 0..<10) == [0])
        #expect(list.isAddressable && list.count == 0)
        #expect(list.ticketsForPages(near: 0..<10, before: 0, after: 20).isEmpty)
    }
}
