import PortalUI
import Testing

@Suite("Load-more rule")
struct LoadMorePolicyTests {
    typealias G = GridViewModel

    @Test func firesWithinThresholdOfTheEnd() {
        // 20 rows of content, 5 visible, threshold 5: fires once offset + 10 >= 20.
        #expect(!G.shouldLoadMore(contentRows: 20, viewportRows: 5, offsetRows: 9, threshold: 5, isLoading: false, hasMore: true))
        #expect(G.shouldLoadMore(contentRows: 20, viewportRows: 5, offsetRows: 10, threshold: 5, isLoading: false, hasMore: true))
        #expect(G.shouldLoadMore(contentRows: 20, viewportRows: 5, offsetRows: 15, threshold: 5, isLoading: false, hasMore: true))
    }

    @Test func firesWhenContentDoesNotFillTheViewport() {
        #expect(G.shouldLoadMore(contentRows: 7, viewportRows: 50, offsetRows: 0, threshold: 0, isLoading: false, hasMore: true))
        #expect(G.shouldLoadMore(contentRows: 0, viewportRows: 5, offsetRows: 0, threshold: 0, isLoading: false, hasMore: true))
    }

    @Test func neverWhileLoadingOrAtTheEnd() {
        #expect(!G.shouldLoadMore(contentRows: 7, viewportRows: 50, offsetRows: 0, threshold: 50, isLoading: true, hasMore: true))
        #expect(!G.shouldLoadMore(contentRows: 7, viewportRows: 50, offsetRows: 0, threshold: 50, isLoading: false, hasMore: false))
        #expect(!G.shouldLoadMore(contentRows: 20, viewportRows: 5, offsetRows: 15, threshold: 5, isLoading: true, hasMore: true))
    }
}
