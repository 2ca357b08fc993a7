import Foundation
import PortalCore
import PortalTestSupport
import Testing

/// A PostgREST table's rows are shown as the preset file's list of the same name says
/// (postgrest.toml's `pokemon`), whatever columns they hold; a table the file does not name
/// gets the heuristics (a row with a `species` looks like Rick and Morty's characters).
@Suite("PostgREST tables by name")
struct PostgRESTTableByNameTests {
    static func items(table: String, rows: String) throws -> [Item] {
        let source = TestData.postgREST(table: table)
        let query = ListQuery(kind: source.kind)
        let response = HTTPResponse(status: 200, headers: ["content-range": "0-0/1"], body: Data(rows.utf8))
        return try source.decodePage(response, for: source.firstPage(for: query), of: query).items
    }

    @Test func aNamedTablesRowsAreItsListsRecordsWhateverTheirColumns() throws {
        // `select=id,name`: no `height`, which the column heuristics looked for.
        let item = try #require(try Self.items(table: "pokemon", rows: #"[{"id":25,"name":"pikachu"}]"#).first)
        let record = item.record
        #expect(item.kind == .pokemon && record.card.spec.card?.subtitle == "#{id} {types|list}")
        #expect(record.title == "pikachu")
    }

    @Test func aTableTheFileDoesNotNameGetsTheHeuristics() throws {
        let character = try #require(try Self.items(table: "people", rows: #"[{"id":1,"name":"Rick","species":"Human"}]"#).first)
        #expect(character.kind == .character)
        let plain = try #require(try Self.items(table: "notes", rows: #"[{"id":1,"text":"hi"}]"#).first)
        #expect(plain.record.card.spec.layout == .columns, "a record of its table, shown as columns")
    }
}
