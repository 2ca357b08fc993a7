import Foundation
import Testing
@testable import PortalCore
import PortalPresets
import PortalTestSupport
import PortalPaging

/// Every preset hands the browser its dialect's own list (`AnyAPIPages`) to page, so the
/// way from `G` to a request is as short for PostgREST as for the others (docs/architecture.md,
/// "The trace of one key"): page N goes from the list to its `PageAddress`, page 0 is the
/// list's first request.
@Suite struct PresetListAddressingTests {
    static let sources: [(name: String, source: any AddressableSource, kind: ItemKind)] = [
        ("Rick and Morty", TestData.rickAndMorty(base: "http://rm.test/api"), .character),
        ("PokeAPI", TestData.pokeAPI(base: "http://poke.test/api/v2", pageSize: 10), .pokemon),
        ("PostgREST table", PostgRESTSource(baseURL: "http://pg.test/rest/v1", table: "characters", pageSize: 10), ItemKind(rawValue: "characters")),
        ("PostgREST function", PostgRESTSource(baseURL: "http://pg.test/rest/v1", table: "", pageSize: 10,
                                               function: PostgRESTFunction(name: "f", arguments: Data(#"{"a":1}"#.utf8))), ItemKind(rawValue: "f")),
    ]

    @Test(arguments: 0..<4)
    func eachPresetHandsOverItsDialectsList(_ which: Int) throws {
        let (name, source, kind) = Self.sources[which]
        let query = ListQuery(kind: kind)
        let list = try #require(source.addressablePages(of: query) as? AnyAPIPages, "\(name)")
        #expect(list.request(forPage: 0) == source.firstPage(for: query), "\(name)")
        #expect(list.request(forPage: 3)?.index == 3, "\(name)")
    }

    /// A table's first window is asked as every other, with its `Range`: without one the
    /// server would answer every row of the table.
    @Test func aTablesFirstPageIsItsFirstRangeWindow() throws {
        let table = PostgRESTSource(baseURL: "http://pg.test/rest/v1", table: "characters", pageSize: 10)
        let first = table.firstPage(for: ListQuery(kind: table.kind))
        #expect(first.http.headers["Range"] == "0-9" && first.http.headers["Range-Unit"] == "items")
        let any = AnyAPIPages(url: URL(string: "http://x.test/items")!, reading: ListReading(items: [], paging: .contentRange, addressing: .rangeHeader, pageSize: 25))
        #expect(any.firstPage.http.headers["Range"] == "0-24")
        let walked = AnyAPIPages(url: URL(string: "http://x.test/items?limit=5")!, reading: ListReading(items: [], paging: .contentRange, addressing: nil, pageSize: 5))
        #expect(walked.firstPage.http.headers["Range"] == nil)
    }
}
