import Foundation
import Testing
@testable import PortalCore
@testable import PortalPaging
import PortalTestSupport
import PortalREST

/// A row's identity never takes another row's: an integer `id`, a position (no `id`) and
/// any other `id` (`2.5e300`, a uuid) are numbers from ranges that never meet.
@Suite("Row identities never collide")
struct RowIdentitiesNeverCollideTests {
    static func listed(_ body: String) throws -> [Item] {
        let url = try #require(URL(string: "http://rows.test/items"))
        let response = HTTPResponse.json(200, body)
        let source = AnyAPISource(pages: AnyAPIPages(url: url, reading: try DialectDetector.detect(response, for: url)))
        let page = try source.decodePage(response, for: source.firstPage(for: ListQuery(kind: source.kind)), of: ListQuery(kind: source.kind))
        let loader = ListLoader<Item>(firstPage: source.firstPage(for: ListQuery(kind: source.kind)))
        let ticket = try #require(loader.loadMore())
        loader.apply(.success(page), for: ticket)
        return loader.items
    }

    @Test func anIDThatIsNoIntegerIsNotTakenForThePositionOfAnother() throws {
        // `2.5e300` stands at position 1; the item before it has id 1.
        let items = try Self.listed(#"{"results":[{"id":1,"name":"one"},{"id":2.5e300,"name":"huge"},{"id":"2","name":"two"}],"next":null}"#)
        #expect(items.map(\.record.title) == ["one", "huge", "two"])
        #expect(Set(items.map(\.id)).count == 3)
    }

    @Test func rowsWithoutIDsAreTheirPositionsAndNeverAnotherRowsID() throws {
        let items = try Self.listed(#"{"results":[{"name":"a"},{"id":0,"name":"zero"},{"name":"c"},{"id":2,"name":"two"}],"next":null}"#)
        #expect(items.count == 4 && Set(items.map(\.id)).count == 4)
    }
}
