import Testing
@testable import PortalCore
@testable import PortalPaging

@Suite("The order a sparse list asks for pages in")
struct PageFetchOrderTests {
    @Test func screenFirstThenTheMarginsByDistanceLeadingSideFirst() {
        #expect(Array(PageFetchOrder(shown: 5...6, near: 3...9, afterFirst: true)) == [5, 6, 7, 4, 8, 3, 9])
        #expect(Array(PageFetchOrder(shown: 5...6, near: 3...9, afterFirst: false)) == [5, 6, 4, 7, 3, 8, 9])
    }

    @Test func aMarginOnOneSideOnly() {
        #expect(Array(PageFetchOrder(shown: 0...0, near: 0...3, afterFirst: false)) == [0, 1, 2, 3])
        #expect(Array(PageFetchOrder(shown: 9...9, near: 7...9, afterFirst: true)) == [9, 8, 7])
        #expect(Array(PageFetchOrder(shown: 4...4, near: 4...4, afterFirst: true)) == [4])
    }

    @Test func pagesAtTheEdgeOfTheIntegersDoNotTrap() {
        #expect(Array(PageFetchOrder(shown: Int.max...Int.max, near: (Int.max - 2)...Int.max, afterFirst: true)) == [Int.max, Int.max - 1, Int.max - 2])
        #expect(Array(PageFetchOrder(shown: Int.min...Int.min, near: Int.min...(Int.min + 1), afterFirst: false)) == [Int.min, Int.min + 1])
    }

    @Test func aWideMarginIsReadOnlyAsFarAsAsked() {
        let order = PageFetchOrder(shown: 100...100, near: 0...1_000_000, afterFirst: true)
        #expect(Array(order.prefix(5)) == [100, 101, 99, 102, 98])
    }
}
