import Foundation
import PortalCore
import PortalPresets
import PortalServers
import PortalTestSupport
import Testing

/// The `episodes` and `locations` tables the mirror and the snapshot serve beside
/// `characters`: PostgREST's filters, `select=`, `order=` and `Range` over them, and rows
/// that read back as the models whose links `PostgRESTSource` follows.
@Suite struct PostgRESTTablesTests {
    static let rules: PostgRESTRules = {
        do {
            let data = try TestData.data
            return PostgRESTRules(rickAndMorty: data, characters: ArrayTable(data.characters), pokemon: [], baseURL: TestData.base)
        } catch { fatalError("snapshot at \(TestData.folder): \(error)") }
    }()

    static func answer(_ table: String, _ query: [(String, String)], _ headers: [String: String] = [:]) -> HTTPResponse {
        rules.respond(table: table, query: query.map { (key: $0.0, value: $0.1) }, headers: headers)
    }

    static func ids(_ response: HTTPResponse) throws -> [Int] {
        try RowReader.rows(response.body).map(\.number)
    }

    /// A whole row of `table` is the API's own object at `path` (same keys, order and
    /// links), and `PostgRESTSource` reads it back as `item` (nil: as a row of the table,
    /// a record as served).
    static func expectWholeRow(_ table: String, id: Int, isTheAPIObject path: String, readingBackAs item: Item? = nil) async throws {
        let answer = Self.answer(table, [("select", "*"), ("id", "in.(\(id))")])
        let row = try #require(try RowReader.rows(answer.body).first)
        #expect(row.json == (try await get(path)).text)
        #expect(TableItems.item(row, kind: ItemKind(rawValue: table)) == item ?? TableItems.row(row, kind: ItemKind(rawValue: table)))
    }

    @Test func episodesFilterSelectOrderAndRange() async throws {
        let picked = Self.answer("episodes", [("id", "in.(2,1)"), ("select", "id,episode,name")])
        #expect(picked.status == 200)
        #expect(picked.text == #"[{"id":1,"episode":"S01E01","name":"Pilot"},{"id":2,"episode":"S01E02","name":"Lawnmower Dog"}]"#)

        let pilot = try TestData.data.episodes[0]
        try await Self.expectWholeRow("episodes", id: pilot.id, isTheAPIObject: "/episode/1")
        #expect(pilot.characterIDs.count == 19)

        let latest = Self.answer("episodes", [("order", "episode.desc")], ["Range": "0-2", "Prefer": "count=exact"])
        #expect(latest.status == 206 && latest.header("content-range") == "0-2/51")
        #expect(try Self.ids(latest) == [51, 50, 49])
        #expect(try Self.ids(Self.answer("episodes", [("air_date", "like.*2013")])) == [1, 2, 3])

        let column = Self.answer("episodes", [("nope", "eq.1")])
        #expect(column.status == 400 && column.text.contains("column episodes.nope does not exist"))
    }

    @Test func locationsFilterSelectOrderAndRange() async throws {
        let picked = Self.answer("locations", [("id", "in.(1,2)"), ("select", "id,name,dimension")])
        #expect(picked.status == 200)
        #expect(picked.text == #"[{"id":1,"name":"Earth (C-137)","dimension":"Dimension C-137"},{"id":2,"name":"Abadango","dimension":"unknown"}]"#)

        let earth = try TestData.data.locations[0]
        try await Self.expectWholeRow("locations", id: earth.id, isTheAPIObject: "/location/1")
        #expect(earth.residentIDs.count == 27)

        let byName = Self.answer("locations", [("select", "id"), ("order", "name.asc")], ["Range": "0-2", "Prefer": "count=exact"])
        #expect(byName.status == 206 && byName.header("content-range") == "0-2/126")
        #expect(byName.text == #"[{"id":2},{"id":102},{"id":76}]"#)
        let planets = Self.answer("locations", [("type", "eq.Planet"), ("limit", "1")], ["Prefer": "count=exact"])
        #expect(planets.header("content-range") == "0-0/62")
    }

    @Test func theTablesStillAnswer404ForAnyOtherName() {
        let missing = Self.answer("seasons", [])
        #expect(missing.status == 404 && missing.text.contains(#"relation \"public.seasons\" does not exist"#))
        #expect(Set(Self.rules.tables.keys) == ["characters", "episodes", "locations", "pokemon"])
    }
}
