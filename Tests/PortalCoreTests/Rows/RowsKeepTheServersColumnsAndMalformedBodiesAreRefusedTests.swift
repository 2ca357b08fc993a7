import Foundation
import PortalCore
import Testing

/// Rows of an unknown table: columns in the served order, nested values as served, each
/// row's exact JSON, and a refusal of anything that is not an array of objects.
@Suite struct RowsKeepTheServersColumnsAndMalformedBodiesAreRefusedTests {
    @Test func columnsKeepTheServersOrderAndText() throws {
        let body = #"[{"status":"Dead","id":7,"name":"Abradolf Lincler","score":1.5e3,"ok":true,"gone":null,"tags":["a", {"b":1}],"note":"tab\tquote\""} , {"id":"x","name":null}]"#
        let rows = try RowReader.rows(Data(body.utf8))
        #expect(rows.count == 2)
        let first = try #require(rows.first)
        #expect(first.columns.map(\.name) == ["status", "id", "name", "score", "ok", "gone", "tags", "note"])
        #expect(first.id == "7")
        #expect(first.name == "Abradolf Lincler")
        #expect(first["score"] == .number("1.5e3"))
        #expect(first["ok"] == .bool(true))
        #expect(first["gone"] == .null)
        #expect(first["tags"] == .json(#"["a", {"b":1}]"#))
        #expect(first["note"] == .string("tab\tquote\""))
        #expect(first.displayColumns.map(\.name).prefix(3) == ["id", "name", "status"])
        #expect(first.json == #"{"status":"Dead","id":7,"name":"Abradolf Lincler","score":1.5e3,"ok":true,"gone":null,"tags":["a", {"b":1}],"note":"tab\tquote\""}"#)
        #expect(rows[1].id == "x" && rows[1].name == nil)
    }

    @Test func rowsWithoutAnIDAreKeptApartByPosition() throws {
        let rows = try RowReader.rows(Data(#"[{"name":"a"},{"name":"a"}]"#.utf8), firstPosition: 40)
        #expect(rows.map(\.id) == ["#40", "#41"])
        #expect(try RowReader.rows(Data(" [ ] ".utf8)).isEmpty)
    }

    @Test(arguments: [#"{"id":1}"#, #"[{"id":1}"#, #"[{"id":1},]"#, #"[1]"#, #"[{"id":tru}]"#, #"[{"id":1}] x"#,
                      #"[{"a":[1,}]"#, #"[{"a":"unterminated}]"#, #"[{"a":01x}]"#, ""])
    func malformedBodiesAreRefused(_ body: String) {
        #expect(throws: RowReaderFailure.self) { try RowReader.rows(Data(body.utf8)) }
    }

    /// Read by the one JSON scanner (`JSONNode.parse`), not a scanner of its own: a refusal
    /// says which row, and a body nested past `JSONNodeLimits` is refused as any answer is.
    @Test func refusalsSayWhichRowAndTheTreeIsBounded() {
        #expect { try RowReader.rows(Data(#"[{"id":1},[2]]"#.utf8)) } throws: { "\($0)" == "row 2 is not an object" }
        let deep = "[{\"a\":" + String(repeating: "[", count: 200) + String(repeating: "]", count: 200) + "}]"
        #expect { try RowReader.rows(Data(deep.utf8)) } throws: { "\($0)".hasPrefix("answer too deeply nested") }
    }

    @Test func aRowHasABoundedNumberOfColumns() {
        let wide = "[{" + (0...RowReader.maxColumns).map { "\"c\($0)\":\($0)" }.joined(separator: ",") + "}]"
        #expect(throws: RowReaderFailure.self) { try RowReader.rows(Data(wide.utf8)) }
    }
}
