import Foundation
import PortalCore
import PortalDemoModels
import PortalPresets
import PortalTestSupport
import Testing
@testable import PortalExport

/// CSV (RFC 4180) and TSV records for `portal list --format csv|tsv`, and the cells read
/// from an item's JSON.
@Suite("CSV and TSV output")
struct DelimitedTextTests {
    @Test("CSV quotes a field with a comma, quote, CR, LF or any other control and doubles its quotes; records end in LF")
    func csvQuoting() {
        #expect(DelimitedText.record(["1", "Rick Sanchez", "Human"], .csv) == "1,Rick Sanchez,Human\n")
        #expect(DelimitedText.record(["a,b", #"say "hi""#, "two\nlines", "cr\rhere", ""], .csv)
            == "\"a,b\",\"say \"\"hi\"\"\",\"two\nlines\",\"cr\rhere\",\n")
    }

    @Test("TSV escapes backslash, tab, LF and CR so a record is one line")
    func tsvEscapes() {
        #expect(DelimitedText.record(["1", "tab\there", "two\nlines", #"back\slash"#, "cr\r"], .tsv)
            == "1\ttab\\there\ttwo\\nlines\tback\\\\slash\tcr\\r\n")
    }

    /// Issue 35, item 12: a cell is the server's string exactly. The terminal is cleaned
    /// where stdout is one (`portal list`'s sink), not here.
    @Test("controls and hidden scalars are kept: CSV quotes a cell holding a control, TSV writes it as it is")
    func controlsAndHiddenScalarsAreKept() {
        let hostile = "x\u{1B}]52;c;AAAA\u{07}y\u{9B}31mz\u{7F}\u{202E}\u{200C}\u{FEFF}\u{AD}\u{1F44D}\u{1F3FD}\u{2764}\u{FE0F}"
        #expect(DelimitedText.record([hostile], .csv) == "\"" + hostile + "\"\n")
        #expect(DelimitedText.record([hostile], .tsv) == hostile + "\n")
        let hidden = "\u{200F}RLM\u{200E}\u{1F468}\u{200D}\u{1F469}"
        #expect(DelimitedText.record([hidden], .csv) == hidden + "\n")
    }

    /// Issue 35, item 13: OWASP's CSV Injection advice behind `--csv-safe`.
    @Test("--csv-safe: a cell beginning with = + - @ tab CR or LF gets a leading ' and is quoted")
    func csvSafe() {
        #expect(DelimitedText.record([#"=1+2";=1+2"#, "+1", "-1", "@A", "\tx", "\rx", "\nx", "a=b", ""], .csv, formulaSafe: true)
            == #""'=1+2"";=1+2","'+1","'-1","'@A","'\#tx","'\#rx","'\#nx",a=b,"# + "\n")
        #expect(DelimitedText.record([#"=1+2'" ;,=1+2"#], .csv, formulaSafe: true) == #""'=1+2'"" ;,=1+2""# + "\n")
        #expect(DelimitedText.record(["=x", "\tx", "ok"], .tsv, formulaSafe: true) == "'=x\t'\\tx\tok\n")
        #expect(DelimitedText.record(["=x"], .csv) == "=x\n")
    }

    @Test("served JSON made one line keeps every scalar, escaping DEL and C1 as JSON escapes")
    func exportJSON() {
        let served = "{ \"a\" : \"x\u{7F}\u{9B}\u{85}\u{200C}\u{FEFF}\u{202E}\\u001b\",\n \"b\": [1, \"\u{C2}\u{A0}\"] }"
        #expect(ExportJSON.oneLine(served) == "{\"a\":\"x\\u007f\\u009b\\u0085\u{200C}\u{FEFF}\u{202E}\\u001b\",\"b\":[1,\"\u{C2}\u{A0}\"]}")
    }

    @Test("cells: strings as text, numbers as written, null empty, nested values as compact JSON, missing empty")
    func cellsFromJSON() {
        let columns = ItemColumns(paths: ["id", "name", "origin.name", "origin", "episode", "missing", "gone.deeper", "alive", "type"])
        let json = #"{"id":1,"name":"Rick","origin":{"name":"Earth (C-137)", "url":""},"episode":["e/1", "e/2"],"alive":true,"type":null}"#
        #expect(columns.cells(ofJSON: json) == ["1", "Rick", "Earth (C-137)", #"{"name":"Earth (C-137)","url":""}"#, #"["e/1","e/2"]"#, "", "", "true", ""])
        #expect(columns.cells(ofJSON: "not json") == Array(repeating: "", count: 9))
    }

    @Test("a PokeAPI entry's csv: the id its url ends in, the name as served")
    func urlKeyedEntryHasItsID() throws {
        let entry = TestData.pokemonEntry("bulbasaur", url: "https://pokeapi.co/api/v2/pokemon/1/")
        let columns = ItemColumns.choose(fields: nil, first: entry)
        #expect(columns.paths == ["id", "name"])
        let json = #"{"name":"bulbasaur","url":"https://pokeapi.co/api/v2/pokemon/1/"}"#
        #expect(columns.cells(of: entry, json: json) == ["1", "bulbasaur"])
        // A served id is kept as served.
        #expect(columns.cells(of: entry, json: #"{"id":"x","name":"bulbasaur"}"#) == ["x", "bulbasaur"])
    }

    @Test("default columns: the preset's for Rick and Morty, --fields when given")
    func defaultColumns() {
        let rick = TestData.record(Location(id: 1, name: "Earth", type: "Planet", dimension: "C-137", residentIDs: [], created: Date(timeIntervalSince1970: 0)), .location)
        #expect(ItemColumns.choose(fields: nil, first: rick).paths == ["id", "name", "type", "dimension"])
        #expect(ItemColumns.choose(fields: ["name", "residents"], first: rick).paths == ["name", "residents"])
        let row = TableItems.row(Row(id: "3", columns: [("status", .string("Alive")), ("name", .string("Summer")), ("id", .number("3"))], json: "{}"), kind: ItemKind(rawValue: "people"))
        #expect(ItemColumns.choose(fields: nil, first: row).paths == ["id", "name", "status"])
    }
}
