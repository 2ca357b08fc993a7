import Foundation
import PortalCore
import PortalTestSupport
import Testing
import PortalGraphQL
import PortalPaging
import PortalREST

/// What real servers built on common frameworks answer, read as the outside test run reads
/// them (bench/real-servers.sh starts the servers themselves): the shapes are copied from
/// their answers, not whole dumps.
@Suite struct RealServersAnswersAreNamedAndSaidTests {
    /// Datasette's table URLs end in `.json` (`/rm/characters.json?_shape=objects`): the
    /// tab is `Characters`, not `Characters.json`; other names keep their dots.
    @Test func aDotJSONListIsNamedWithoutItsExtension() throws {
        let body = #"{"database":"rm","table":"characters","rows":[{"id":1,"name":"Rick Sanchez"}],"filtered_table_rows_count":1,"next":null,"next_url":null}"#
        let url = try #require(URL(string: "http://127.0.0.1:8101/rm/characters.json?_shape=objects"))
        let reading = try DialectDetector.detect(HTTPResponse(status: 200, body: Data(body.utf8)), for: url)
        let source = AnyAPISource(pages: AnyAPIPages(url: url, reading: reading, headers: [:]))
        #expect(source.tabs.map(\.title) == ["Characters"])
        #expect(source.kind.rawValue == "characters")
        let names = try ["http://h/v1/people.JSON", "http://h/v1/app.v2", "http://h/.json", "http://h/"].map { text in
            ListName.lastSegment(of: try #require(URL(string: text)))
        }
        #expect(names == ["people", "app.v2", ".json", nil])
    }
}

/// graphene-django's `DjangoConnectionField` and strawberry's `ListConnection` have no
/// `totalCount` unless the schema adds one, and a plain `[Item]` with `offset`/`limit` has
/// none either: such a list can address its pages but not its end, so `--explain` must not
/// promise that End jumps.
@Suite struct GraphQLExplanationTests {
    @Test func aListWithoutATotalDoesNotClaimToJump() async throws {
        let server = GraphQLTestServer()
        let found = try await GraphQLProbe.source(endpoint: GraphQLTestServer.endpoint, headers: [:], query: nil, pageSize: 20,
                                                  sender: RetryingSender(transport: server, clock: ManualClock()))
        #expect(found.explanation.count == 3)
        // A Relay list's cursors are seen on its first page, which is not asked before it is used.
        #expect(found.explanation.first == "characters: Relay cursors ($after), 20 a page, jumps if its cursors are offsets (seen on its first page), else walks")
        #expect(found.explanation.dropFirst().first == "users: offsets ($offset), 20 a page, jumps (no total: End finds the end in a few requests)")
        #expect(found.explanation.last?.hasSuffix(", jumps") == true)
    }
}

/// A refusal says what the server said, not only its status: FastAPI's 422 for
/// `?size=500` (fastapi-pagination caps it at 100) and Django REST framework's 404s.
@Suite struct ServerErrorMessageTests {
    static func message(_ status: Int, _ body: String) -> String {
        PageFailure(statusOf: HTTPResponse(status: status, body: Data(body.utf8))).message
    }

    @Test func fastAPIValidationErrorsNameTheParameter() {
        let body = #"{"detail":[{"type":"less_than_equal","loc":["query","size"],"msg":"Input should be less than or equal to 100","input":"500","ctx":{"le":100}}]}"#
        #expect(Self.message(422, body).hasSuffix(": query.size: Input should be less than or equal to 100"))
        let two = #"{"detail":[{"loc":["query","page"],"msg":"Input should be greater than or equal to 1"},{"loc":["query","size"],"msg":"x"}]}"#
        #expect(Self.message(422, two).hasSuffix(": query.page: Input should be greater than or equal to 1 (+1 more)"))
    }

    @Test func djangoRESTFrameworkDetailsAreSaid() {
        #expect(Self.message(404, #"{"detail":"Invalid page."}"#) == "HTTP 404 Not Found: Invalid page.")
        #expect(Self.message(404, #"{"detail":"Invalid cursor"}"#) == "HTTP 404 Not Found: Invalid cursor")
    }

    @Test func otherShapesAndNoise() {
        #expect(Self.message(400, #"{"ok":false,"error":"Cannot sort table by nope","status":400,"title":null}"#) == "HTTP 400 Bad Request: Cannot sort table by nope")
        #expect(Self.message(402, #"{"error":{"type":"card_error","message":"Your card was declined."}}"#).hasSuffix(": Your card was declined."))
        #expect(Self.message(404, #"{"message":"Not Found","documentation_url":"https://docs.github.com"}"#) == "HTTP 404 Not Found")
        #expect(Self.message(500, "<html>oops</html>") == "HTTP 500 Internal Server Error")
        #expect(Self.message(500, #"{"detail":[]}"#) == "HTTP 500 Internal Server Error")
        #expect(Self.message(400, #"{"detail":"\#(String(repeating: "a", count: 300))"}"#).count < 240)
    }
}

/// Datasette sorts a table by `_sort=column` / `_sort_desc=column` and refuses both at once:
/// `s` on a Datasette table (either JSON shape) asks for it, and a URL given sorted one way
/// is sorted the other way without the first parameter.
@Suite struct DatasetteSortTests {
    static func source(_ text: String, body: String) throws -> AnyAPISource {
        let url = try #require(URL(string: text))
        let reading = try DialectDetector.detect(HTTPResponse(status: 200, body: Data(body.utf8)), for: url)
        return AnyAPISource(pages: AnyAPIPages(url: url, reading: reading, headers: [:]))
    }

    static let arrays = #"{"database":"rm","table":"characters","is_view":false,"human_description_en":"","rows":[[1,"Rick Sanchez","Alive"]],"truncated":false,"filtered_table_rows_count":826,"expanded_columns":[],"expandable_columns":[],"columns":["id","name","status"],"primary_keys":["id"],"units":{},"query":{"sql":"select id, name, status from characters order by id limit 101","params":{}},"facet_results":{},"suggested_facets":[],"next":"100","next_url":"http://127.0.0.1:8101/rm/characters.json?_next=100","private":false,"allow_execute_sql":true,"query_ms":1.2,"source":null,"source_url":null,"license":null,"license_url":null}"#
    static let objects = arrays.replacingOccurrences(of: #"[[1,"Rick Sanchez","Alive"]]"#, with: #"[{"id":1,"name":"Rick Sanchez","status":"Alive"}]"#)

    @Test func aDatasetteTableSortsByItsOwnParameters() throws {
        for body in [Self.arrays, Self.objects] {
            let source = try Self.source("http://127.0.0.1:8101/rm/characters.json?_shape=objects", body: body)
            #expect(SortStyle.style(for: source, given: nil) == .datasette)
            var query = ListQuery(kind: source.kind)
            query.sort = ListSort(field: "name", descending: true, style: .datasette)
            #expect(source.pages(for: query).url.absoluteString == "http://127.0.0.1:8101/rm/characters.json?_shape=objects&_sort_desc=name")
        }
        let given = try Self.source("http://127.0.0.1:8101/rm/characters.json?_sort_desc=name&_size=50", body: Self.arrays)
        var query = ListQuery(kind: given.kind)
        query.sort = ListSort(field: "status", style: .datasette)
        #expect(given.pages(for: query).url.absoluteString == "http://127.0.0.1:8101/rm/characters.json?_size=50&_sort=status")
        // Not every list with `rows` is Datasette's table: the path tells.
        let other = try Self.source("http://127.0.0.1:8101/api/rows", body: Self.objects)
        #expect(SortStyle.style(for: other, given: nil) == nil)
    }
}

/// Datasette's default JSON writes rows as arrays beside `columns`: every output reads the
/// item's JSON, so it is the object those names make (it was the bare array, so `--json`
/// printed `[1,"Rick Sanchez",…]`, `--jq .name` failed and CSV cells were empty).
@Suite struct DatasetteArrayRowsTests {
    @Test func arrayRowsAreObjectsInEveryOutput() throws {
        let body = #"{"database":"rm","table":"characters","rows":[[1,"Rick Sanchez",{"a":[1]},null],[2,"Morty \"M\" Smith",true,2.5]],"columns":["id","name","odd \"key\"\n","score"],"filtered_table_rows_count":2,"next":null,"next_url":null}"#
        let url = try #require(URL(string: "http://127.0.0.1:8101/rm/characters.json"))
        let response = HTTPResponse(status: 200, body: Data(body.utf8))
        let source = AnyAPISource(pages: AnyAPIPages(url: url, reading: try DialectDetector.detect(response, for: url), headers: [:]))
        let query = ListQuery(kind: source.kind)
        let page = try source.decodePage(response, for: source.firstPage(for: query), of: query)
        let json = page.items.map(\.record.row.json)
        #expect(json == [#"{"id":1,"name":"Rick Sanchez","odd \"key\"\n":{"a":[1]},"score":null}"#,
                         #"{"id":2,"name":"Morty \"M\" Smith","odd \"key\"\n":true,"score":2.5}"#])
        for text in json {
            #expect((try? JSONSerialization.jsonObject(with: Data(text.utf8))) is [String: Any])
        }
    }
}
