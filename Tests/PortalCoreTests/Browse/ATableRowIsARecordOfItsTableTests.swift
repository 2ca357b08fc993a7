import Foundation
import PortalCore
import PortalPresets
import PortalTestSupport
import Testing

/// An item is one value (issue 34 item 1): a PostgREST table's row no preset names is a
/// record like any other, of its table's list — keyed by `id` (its position without one),
/// shown as columns — and every row of a table shares that list's one card choice, so a
/// row costs what any record costs.
@Suite("A table's row is a record of its table")
struct ATableRowIsARecordOfItsTableTests {
    static func items(table: String, rows: String, count: Int) throws -> [Item] {
        let source = TestData.postgREST(table: table)
        let query = ListQuery(kind: source.kind)
        let response = HTTPResponse(status: 200, headers: ["content-range": "0-\(count - 1)/\(count)"], body: Data(rows.utf8))
        return try source.decodePage(response, for: source.firstPage(for: query), of: query).items
    }

    @Test func itsListSpecSaysItsKeyAndItsColumns() throws {
        let items = try Self.items(table: "notes", rows: #"[{"id":7,"text":"hi"},{"id":"a-b","text":"yo"},{"text":"no id"}]"#, count: 3)
        #expect(items.map(\.kind) == Array(repeating: ItemKind(rawValue: "notes"), count: 3))
        #expect(items.map(\.record.card.spec) == Array(repeating: ListSpec(key: ["id"], layout: .columns), count: 3))
        #expect(items.map(\.key) == [.number(7), .text("a-b"), .position(2)])
        // One card choice for the table, not one per row.
        #expect(items.allSatisfy { $0.record.card === TableItems.columns })
        #expect(items.map { $0.apiJSON(baseURL: BaseURL("http://x")) } == [#"{"id":7,"text":"hi"}"#, #"{"id":"a-b","text":"yo"}"#, #"{"text":"no id"}"#])
    }

    @Test func aNamedTablesRecordsAreDrawnAsATree() throws {
        let item = try #require(try Self.items(table: "pokemon", rows: #"[{"id":25,"name":"pikachu"}]"#, count: 1).first)
        #expect(item.record.card.spec.layout == .tree)
        #expect(item.key == .number(25))
    }

    /// Which list an unnamed table's row belongs to is the files' `recognised_by`, not
    /// code: the built-in files make a `species` row a character, and a list given
    /// `recognised_by = "moons"` claims the rows that have it (and only those).
    @Test func anUnnamedTablesRowIsTheRecordOfTheListItsFieldRecognises() throws {
        let rows = #"[{"id":1,"name":"Rick","species":"Human"},{"id":2,"name":"Earth","moons":1},{"id":3,"text":"neither"}]"#
        let builtIn = try Self.items(table: "people", rows: rows, count: 3)
        #expect(builtIn.map(\.kind.rawValue) == ["character", "people", "people"])
        #expect(builtIn[0].record.card.spec.card?.title != nil && builtIn[1].record.card === TableItems.columns)

        var planets = ListSpec(card: CardSpec(title: "name"))
        planets.recognisedBy = "moons"
        var source = TestData.postgREST(table: "people")
        source.lists = PresetLists(["planet": planets])
        let query = ListQuery(kind: source.kind)
        let response = HTTPResponse(status: 200, headers: ["content-range": "0-2/3"], body: Data(rows.utf8))
        let items = try source.decodePage(response, for: source.firstPage(for: query), of: query).items
        #expect(items.map(\.kind.rawValue) == ["people", "planet", "people"])
        #expect(items[1].record.card.spec.card?.title == "name")
    }

    /// A table the files name by its path is its list's, whatever columns it was asked
    /// for: `characters` rows without a `species` are characters still.
    @Test func aTableNamedByAListsPathIsThatListsWhateverItsColumns() throws {
        let items = try Self.items(table: "characters", rows: #"[{"id":1,"name":"Rick Sanchez"}]"#, count: 1)
        #expect(items.map(\.kind.rawValue) == ["character"])
        #expect(items.first?.record.card.spec.card?.title == "name")
    }

    /// `/` on a table searches the column its list's `search` names (the list by the
    /// table's name or by its `path`), `name` for a table no file names.
    @Test func theSearchIsTheColumnTheTablesListNames() throws {
        var planets = ListSpec()
        planets.search = "title"
        func searched(_ table: String) -> String {
            var source = TestData.postgREST(table: table)
            source.lists = PresetLists(["planet": planets], paths: ["planet": "/planets"])
            let query = ListQuery(kind: source.kind, filters: [(source.searchKey, "ea")])
            return source.firstPage(for: query).http.url.query ?? ""
        }
        #expect(searched("planets") == "select=*&title=ilike.%2Aea%2A&order=id")
        #expect(searched("moons") == "select=*&name=ilike.%2Aea%2A&order=id")
        #expect(TestData.postgREST(table: "characters").tabs.map(\.searchKey) == ["name"])
    }
}
