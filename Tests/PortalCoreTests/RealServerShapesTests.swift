import Foundation
import PortalCore
import PortalTestSupport
import Testing

/// What real servers built on common frameworks answer, read as the outside test run reads
/// them (bench/real-servers.sh starts the servers themselves): the shapes are copied from
/// their answers, not whole dumps.
@Suite struct RealServerShapesTests {
    /// Datasette's table URLs end in `.json` (`/rm/characters.json?_shape=objects`): the
    /// tab is `Characters`, not `Characters.json`; other names keep their dots.
    @Test func aDotJSONListIsNamedWithoutItsExtension() throws {
        let body = #"{"database":"rm","table":"characters","rows":[{"id":1,"name":"Rick Sanchez"}],"filtered_table_rows_count":1,"next":null,"next_url":null}"#
        let url = try #require(URL(string: "http://127.0.0.1:8101/rm/characters.json?_shape=objects"))
        let dialect = try DialectDetector.detect(HTTPResponse(status: 200, body: Data(body.utf8)), for: url)
        let source = AnyAPISource(pages: AnyAPIPages(url: url, dialect: dialect, headers: [:]))
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
        #expect(found.explanation.first == "characters: Relay cursors ($after), 20 a page, jumps")
        #expect(found.explanation.dropFirst().first == "users: offsets ($offset), 20 a page, walks to the end (no total to jump by; --from goes straight to a page)")
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
