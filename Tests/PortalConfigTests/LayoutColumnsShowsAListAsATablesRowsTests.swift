import Foundation
@testable import PortalConfig
import PortalCore
import PortalPresets
import Testing
import PortalPaging
import PortalREST

/// `layout = "columns"` in a list's table (`[apis.NAME.lists.LIST]`) shows its records as
/// a PostgREST table's rows are shown (`RecordLayout.columns`: the pane flat, every
/// column, `id` and `name` first), is printed back by `portal apis show`, and a value
/// that is not a layout is refused with its line.
@Suite("layout in the config file")
struct LayoutColumnsShowsAListAsATablesRowsTests {
    static func api(_ layout: String?) throws -> SavedAPI {
        let text = """
            [apis.notes]
            url = "https://notes.example.com/v1"
            [apis.notes.lists.notes]
            path = "/notes"
            \(layout.map { "layout = \($0)" } ?? "")
            """
        return try #require(try ConfigFile.parse(text, path: "/tmp/config.toml", othersCanRead: false).api(named: "notes"))
    }

    @Test func columnsIsReadAndPrintedBack() throws {
        let spec = try Self.api(#""columns""#).lists[0].spec
        #expect(spec.layout == .columns)
        let toml = spec.toml(api: "notes", list: "notes", path: "/notes", items: nil)
        #expect(toml.contains("\nlayout = \"columns\"\n"))
        // What `portal apis show` prints reads back as the same spec.
        let again = try #require(try ConfigFile.parse("[apis.notes]\nurl = \"https://notes.example.com/v1\"\n" + toml, path: "/tmp/c.toml", othersCanRead: false).api(named: "notes"))
        #expect(again.lists[0].spec == spec)
    }

    @Test func treeIsTheDefaultAndNotPrinted() throws {
        #expect(try Self.api(nil).lists[0].spec.layout == .tree)
        let tree = try Self.api(#""tree""#).lists[0].spec
        #expect(tree.layout == .tree && tree.isEmpty)
        #expect(!tree.toml(api: "notes", list: "notes", path: "/notes", items: nil).contains("layout"))
    }

    @Test(arguments: [#""grid""#, "1", #"["columns"]"#])
    func anythingElseIsRefusedWithItsLine(value: String) throws {
        #expect {
            _ = try Self.api(value)
        } throws: { error in
            let error = error as? ConfigError
            return error?.line == 5 && error?.message.contains(#"layout is "tree""#) == true
        }
    }

    /// Columns draw the row as served: a card, detail, columns or table beside it would
    /// never be read, so the file is refused rather than silently ignored.
    @Test(arguments: ["card = { title = \"name\" }", "detail = { fields = [\"name\"] }", "columns = [\"id\"]", "table = [\"id\"]"])
    func columnsTakesNoCardDetailColumnsOrTable(other: String) throws {
        #expect {
            _ = try Self.api("\"columns\"\n" + other)
        } throws: { error in
            (error as? ConfigError)?.message.contains("it takes no \(other.prefix { $0 != " " })") == true
        }
    }

    /// What `portal apis show` prints for a columns list names no card (the heuristics'
    /// title and subtitle are a tree's), so its output pastes back into the file.
    @Test func theSpecInForceOfAColumnsListHasNoCard() throws {
        let spec = try Self.api(#""columns""#).lists[0].spec
        let (reading, first) = try Self.first(spec, #"[{"id":7,"name":"first","text":"hi"}]"#)
        let shown = spec.inForce(reading: reading, first: first.record)
        #expect(shown.card == nil && shown.layout == .columns && shown.key == ["id"])
        var tree = spec
        tree.layout = .tree
        #expect(tree.inForce(reading: reading, first: first.record).card?.title == "name")
    }

    /// The first record of `rows` (a JSON array) as a list read with `spec` shows it.
    static func first(_ spec: ListSpec, _ rows: String) throws -> (ListReading, Item) {
        let url = try #require(URL(string: "https://notes.example.com/v1/notes"))
        let answer = HTTPResponse(status: 200, headers: [:], body: Data(rows.utf8))
        let reading = try DialectDetector.detect(answer, for: url)
        let source = AnyAPISource(pages: AnyAPIPages(url: url, reading: reading), spec: spec, name: "notes")
        let query = ListQuery(kind: source.kind)
        return (reading, try #require(try source.decodePage(answer, for: source.firstPage(for: query), of: query).items.first))
    }

    /// A user's list with `layout = "columns"` reads its records as a table's rows are read:
    /// the same layout as `TableItems.columns` (what a PostgREST table no preset names
    /// shows), its columns `id` and `name` first whatever order the server wrote.
    @Test func aUsersColumnsListLooksAsATablesRows() async throws {
        let item = try Self.first(try Self.api(#""columns""#).lists[0].spec, #"[{"text":"hi","name":"first","id":7}]"#).1
        #expect(item.record.card.spec.layout == .columns)
        #expect(item.record.row.displayColumns.map(\.name) == ["id", "name", "text"])
        #expect(item.key == .number(7))
    }
}
