import Foundation
import Testing
@testable import PortalCore
@testable import PortalPaging
import PortalTestSupport

/// A pushed new record put into a sparse list (issue 38, item 1): its place among the
/// loaded rows by the list's order (`livePositions`), and the rows from there on one index
/// further down (`liveInsert`), as the server now lists them — across pages, past pages not
/// loaded, into a new last page; a walked list too.
@Suite struct SparseListLiveTests {
    typealias Row = SparseListTests.Row

    /// Newest first: index i holds id (100 - i) × 10, pages of 20, `loaded` pages in.
    static func newestFirst(loaded: [Int]) throws -> SparseList<Row> {
        let list = SparseListTests.list()
        let first = try #require(list.ticketsForPages(near: 0..<10, before: 0, after: 0).first)
        list.apply(page(0), for: first)
        for index in loaded where index > 0 {
            let ticket = try #require(list.ticketsForPages(near: index * 20..<index * 20 + 20, before: 0, after: 0).first { $0.request.index == index })
            list.apply(page(index), for: ticket)
        }
        return list
    }

    static func page(_ index: Int) -> Result<PageContent<Row>, PageFailure> {
        SparseListTests.rows((index * 20..<index * 20 + 20).map { (100 - $0) * 10 }, total: 100)
    }

    static func descending(_ a: Row, _ b: Row) -> Bool { a.id > b.id }

    @Test func aPlaceIsFoundAmongTheLoadedRowsOnlyWhereBothSidesAreLoaded() throws {
        let list = try Self.newestFirst(loaded: [0, 2, 4])
        let records = [2000, 995, 505, 705, 5].map(Row.init)
        #expect(list.livePositions(of: records, precedes: Self.descending) == [.at(0), .at(1), .at(50), .unknown, .at(100)],
                "705 would go between pages 1 and 2, and page 1 is not loaded")
        let withoutEnd = try Self.newestFirst(loaded: [0, 2])
        #expect(withoutEnd.livePositions(of: [Row(id: 5)], precedes: Self.descending) == [.pastLoaded])
    }

    @Test func rowsMoveDownAcrossPagesAndAPageWithAGapIsAskedAgain() throws {
        let list = try Self.newestFirst(loaded: [0, 2, 4])
        #expect(list.liveInsert([(0, Row(id: 2000))]) == [0])
        #expect(list.count == 101)
        #expect(list.item(at: 0) == Row(id: 2000) && list.item(at: 1) == Row(id: 1000) && list.item(at: 19) == Row(id: 820))
        #expect(list.index(ofID: 810) == nil, "pushed out of page 0 into page 1, not loaded: that page brings it")
        #expect(list.item(at: 40) == nil, "its row is in page 1, not loaded")
        #expect(list.item(at: 41) == Row(id: 600) && list.index(ofID: 600) == 41)
        #expect(list.item(at: 100) == Row(id: 10), "the last row, in a new last page")
        let asked = list.ticketsForPages(near: 40..<60, before: 0, after: 0).map(\.request.index)
        #expect(asked == [2], "the page with the gap is asked for again")
        #expect(list.item(at: 41) == Row(id: 600), "shown meanwhile")
    }

    @Test func severalRecordsGoInOnePass() throws {
        let list = try Self.newestFirst(loaded: [0, 1])
        let placed = list.liveInsert([(0, Row(id: 3000)), (0, Row(id: 2000)), (5, Row(id: 955))])
        #expect(placed == [0, 1, 7])
        #expect((0..<9).compactMap { list.item(at: $0)?.id } == [3000, 2000, 1000, 990, 980, 970, 960, 955, 950])
        #expect(list.item(at: 39) == Row(id: 640) && list.index(ofID: 620) == nil, "pushed into page 2, not loaded")
    }

    @Test func aWalkedListTakesTheRecordIntoItsHeldPage() throws {
        let list = SparseList<Row>(firstPage: PageRequest(url: URL(string: "http://rows.test/rows")!, index: 0), addressing: nil)
        let first = try #require(list.ticketsForPages(near: 0..<10, before: 0, after: 0).first)
        list.apply(.success(PageContent(items: [30, 20, 10].map(Row.init), next: PageRequest(url: URL(string: "http://rows.test/rows?after=10")!, index: 1), totalCount: nil)), for: first)
        #expect(list.livePositions(of: [Row(id: 40), Row(id: 25), Row(id: 5)], precedes: Self.descending) == [.at(0), .at(1), .pastLoaded])
        #expect(list.liveInsert([(0, Row(id: 40)), (1, Row(id: 25))]) == [0, 2])
        #expect((0..<5).compactMap { list.item(at: $0)?.id } == [40, 30, 25, 20, 10])
        #expect(list.count == 5 && list.index(ofID: 10) == 4)
    }

    @Test func theOrderAskedOfTheServerIsReadFromTheURL() throws {
        func terms(_ text: String) -> [String] {
            SortTerm.terms(in: URL(string: text)!).map { ($0.descending ? "-" : "") + $0.field }
        }
        #expect(terms("http://h/rest/v1/characters?select=*&order=id.desc") == ["-id"])
        #expect(terms("http://h/rest/v1/t?order=name.desc.nullslast,id") == ["-name", "id"])
        #expect(terms("http://h/api/items/?ordering=-created,owner__login") == ["-created", "owner.login"])
        #expect(terms("https://api.github.com/repos/o/r/issues?sort=created") == ["-created_at"])
        #expect(terms("https://api.github.com/repos/o/r/issues?sort=updated&direction=asc") == ["updated_at"])
        #expect(terms("http://h/db/t.json?_sort_desc=rowid") == ["-rowid"])
        #expect(terms("http://h/articles?sort=-published,title") == ["-published", "title"])
        #expect(terms("http://h/questions?sort=creation&order=desc") == ["-creation"])
        #expect(terms("http://h/api/character?page=2").isEmpty)
    }
}
