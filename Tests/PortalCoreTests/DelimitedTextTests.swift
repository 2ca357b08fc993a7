import Foundation
import PortalCore
import Testing

/// CSV (RFC 4180) and TSV records for `portal list --format csv|tsv`, and the cells read
/// from an item's JSON.
@Suite("CSV and TSV output")
struct DelimitedTextTests {
    @Test("CSV quotes a field with a comma, quote or LF and doubles its quotes; records end in LF, a CR is shown as U+FFFD")
    func csvQuoting() {
        #expect(DelimitedText.record(["1", "Rick Sanchez", "Human"], .csv) == "1,Rick Sanchez,Human\n")
        #expect(DelimitedText.record(["a,b", #"say "hi""#, "two\nlines", "cr\rhere", ""], .csv)
            == "\"a,b\",\"say \"\"hi\"\"\",\"two\nlines\",cr\u{FFFD}here,\n")
    }

    @Test("TSV escapes backslash, tab, LF and CR so a record is one line")
    func tsvEscapes() {
        #expect(DelimitedText.record(["1", "tab\there", "two\nlines", #"back\slash"#, "cr\r"], .tsv)
            == "1\ttab\\there\ttwo\\nlines\tback\\\\slash\tcr\\r\n")
    }

    @Test("controls other than tab, LF and CR never reach the output")
    func controlsAreSanitised() {
        let hostile = "x\u{1B}]52;c;AAAA\u{07}y\u{9B}31mz\u{202E}"
        for format in [DelimitedText.Format.csv, .tsv] {
            let record = DelimitedText.record([hostile], format)
            #expect(!record.unicodeScalars.contains { Sanitize.isControl($0) && !Sanitize.isLayout($0) })
            #expect(!record.unicodeScalars.contains("\u{202E}"))
        }
    }

    @Test("cells: strings as text, numbers as written, null empty, nested values as compact JSON, missing empty")
    func cellsFromJSON() {
        let columns = ItemColumns(paths: ["id", "name", "origin.name", "origin", "episode", "missing", "gone.deeper", "alive", "type"])
        let json = #"{"id":1,"name":"Rick","origin":{"name":"Earth (C-137)", "url":""},"episode":["e/1", "e/2"],"alive":true,"type":null}"#
        #expect(columns.cells(ofJSON: json) == ["1", "Rick", "Earth (C-137)", #"{"name":"Earth (C-137)","url":""}"#, #"["e/1","e/2"]"#, "", "", "true", ""])
        #expect(columns.cells(ofJSON: "not json") == Array(repeating: "", count: 9))
    }

    @Test("default columns: the model's for Rick and Morty, --fields when given")
    func defaultColumns() {
        let rick = Item.location(Location(id: 1, name: "Earth", type: "Planet", dimension: "C-137", residentIDs: [], created: Date(timeIntervalSince1970: 0)))
        #expect(ItemColumns.choose(fields: nil, first: rick).paths == ["id", "name", "type", "dimension"])
        #expect(ItemColumns.choose(fields: ["name", "residents"], first: rick).paths == ["name", "residents"])
        let row = Item.row(Row(id: "3", columns: [("status", .string("Alive")), ("name", .string("Summer")), ("id", .number("3"))], json: "{}"), kind: ItemKind(rawValue: "people"))
        #expect(ItemColumns.choose(fields: nil, first: row).paths == ["id", "name", "status"])
    }
}
