import Foundation
import PortalCore
import PortalServers
import PortalTestSupport
import PortalUI
import Testing

/// The table view (`t`) of records shown by the preset files: the columns, headers and
/// cells the typed models' tables had (PokeAPI's six columns, an entry's key as its `id`,
/// an array's values as `grass, poison`, Rick and Morty's episode and location counts).
@MainActor
@Suite("Table view of preset records")
struct PresetRecordsShowAsTableRowsTests {
    func pokemon() -> Harness {
        Harness(size: Size(columns: 100, rows: 30), inner: PokeAPIAndPostgRESTShowOnScreenTests.pokeAPI, source: TestData.pokeAPI())
    }

    /// The table (`t`) once what `h` asks for is in.
    func table(_ h: Harness) async -> TextScreen {
        await h.runner.drain(into: h.controller)
        h.press(.character("t"))
        await h.runner.drain(into: h.controller)
        return h.screen()
    }

    /// The words of screen line `row` (cells are padded apart by two or more spaces).
    func cells(_ screen: TextScreen, _ row: Int) -> [String] {
        screen.lines[row].components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    @Test func pokeAPIsTableHasItsSixColumnsAndAnEntryIsKeyedByItsURL() async throws {
        let screen = await table(pokemon())
        #expect(cells(screen, 1) == ["id", "name", "height", "weight", "base_experience", "types"], "\(screen.lines[1])")
        // A list entry ({name, url}): its key is its id; the rest is not known yet.
        #expect(cells(screen, 2) == ["1", "bulbasaur", "—", "—", "—", "—"], "\(screen.lines[2])")
        #expect(cells(screen, 3).prefix(2) == ["2", "ivysaur"])
    }

    @Test func aPokemonsRowReadsItsRecordOnceTheDetailIsKnown() async throws {
        let h = pokemon()
        await h.runner.drain(into: h.controller)
        h.press(.enter)
        await h.runner.drain(into: h.controller)
        h.press(.escape)
        let screen = await table(h)
        #expect(cells(screen, 2) == ["1", "bulbasaur", "7", "69", "64", "grass, poison"], "\(screen.lines[2])")
        // Entries not opened still show only what their page said.
        #expect(cells(screen, 3) == ["2", "ivysaur", "—", "—", "—", "—"], "\(screen.lines[3])")
    }

    @Test func postgRESTsPokemonTableJoinsTheTypes() async throws {
        let h = Harness(size: Size(columns: 100, rows: 30), inner: PokeAPIAndPostgRESTShowOnScreenTests.postgREST,
                        source: TestData.postgREST(table: "pokemon"))
        let screen = await table(h)
        #expect(cells(screen, 1) == ["id", "name", "height", "weight", "base_experience", "types"], "\(screen.lines[1])")
        #expect(cells(screen, 2) == ["1", "bulbasaur", "7", "69", "64", "grass, poison"], "\(screen.lines[2])")
        #expect(!screen.text.contains("[\""))
    }

    @Test func episodesAndLocationsCountTheirCharacters() async throws {
        let h = Harness(size: Size(columns: 100, rows: 30))
        await h.runner.drain(into: h.controller)
        h.press(.character("2"))
        var screen = await table(h)
        #expect(cells(screen, 1) == ["id", "episode", "name", "air_date", "characters"], "\(screen.lines[1])")
        #expect(cells(screen, 2) == ["1", "S01E01", "Pilot", "December 2, 2013", "19"], "\(screen.lines[2])")
        h.press(.character("3"))
        screen = await table(h)
        #expect(cells(screen, 1) == ["id", "name", "type", "dimension", "residents"], "\(screen.lines[1])")
        #expect(cells(screen, 2) == ["1", "Earth (C-137)", "Planet", "Dimension C-137", "27"], "\(screen.lines[2])")
    }

    @Test func anArrayCellOfAnyRecordIsItsValuesJoined() {
        let row = Row(id: "1", columns: [("id", .number("1")), ("tags", .json(#"["desert","twin suns"]"#)),
                                         ("moons", .json(#"[{"name":"Ghomrassen"},{"name":"Guermessa"}]"#)), ("none", .json("[]"))],
                      json: "{}")
        #expect(TableCellText.value(at: "tags", in: row) == "desert, twin suns")
        #expect(TableCellText.value(at: "moons.name", in: row) == "Ghomrassen, Guermessa")
        #expect(TableCellText.value(at: "none", in: row) == "")
        // Objects stay their JSON; a scalar is as it is.
        #expect(TableCellText.value(at: "moons", in: row) == #"[{"name":"Ghomrassen"},{"name":"Guermessa"}]"#)
        #expect(TableCellText.value(at: "id", in: row) == "1")
        let item = Item(Record(row: row, card: JSONCardChoice(fields: nil)), kind: ItemKind(rawValue: "planets"))
        #expect(item.cell("tags") == "desert, twin suns")
    }
}
