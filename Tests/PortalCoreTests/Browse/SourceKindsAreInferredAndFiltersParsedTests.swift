import Foundation
import PortalCore
import PortalPresets
import PortalServers
import Testing

/// Choosing a source: the API kind from a base URL, and the PostgREST filter, order and
/// header syntax checked before anything is sent.
@Suite struct SourceKindsAreInferredAndFiltersParsedTests {
    @Test(arguments: [
        ("https://pokeapi.co/api/v2", APIKind.pokeAPI),
        ("http://127.0.0.1:8080/api/v2/", .pokeAPI),
        ("http://127.0.0.1:8080/API/V2", .pokeAPI),
        ("https://abc.supabase.co/rest/v1", .postgREST),
        ("http://127.0.0.1:8080/rest/v1/", .postgREST),
        ("https://rickandmortyapi.com/api", .rickAndMorty),
        ("http://127.0.0.1:8080/api", .rickAndMorty),
        ("http://127.0.0.1:8080/api/v2/pokemon", .rickAndMorty),
        ("http://127.0.0.1:8080", .rickAndMorty),
        ("not a url", .rickAndMorty),
    ])
    func kindIsInferredFromThePath(url: String, kind: APIKind) {
        #expect(APIRegistry.inferred(from: BaseURL(url)).kind == kind)
    }

    @Test func onlyRickAndMortyFixesThePageSize() {
        #expect(!APIPreset.rickAndMorty.allowsPageSize)
        #expect(APIPreset.pokeAPI.allowsPageSize && APIPreset.postgREST.allowsPageSize)
        #expect(APIKind(rawValue: "pokeapi") == .pokeAPI && APIKind(rawValue: "postgrest") == .postgREST)
    }

    @Test func filtersParseIntoColumnAndExpression() throws {
        let dead = try PostgRESTFilter(parsing: "status=eq.Dead")
        #expect(dead.column == "status" && dead.op == "eq" && dead.value == "Dead" && !dead.negated)
        #expect(dead.queryItem == ("status", "eq.Dead"))
        let notIn = try PostgRESTFilter(parsing: "id=not.in.(1,2,3)")
        #expect(notIn.negated && notIn.op == "in" && notIn.value == "(1,2,3)" && notIn.expression == "not.in.(1,2,3)")
        #expect(try PostgRESTFilter(parsing: "type=is.null").op == "is")
        #expect(try PostgRESTFilter(parsing: "name=ilike.*rick*").value == "*rick*")
        // The value may hold dots and '='.
        #expect(try PostgRESTFilter(parsing: "name=eq.a.b=c").value == "a.b=c")
    }

    @Test(arguments: ["status", "status=Dead", "status=xx.Dead", "=eq.1", "1abc=eq.1", "na me=eq.x",
                      "id=in.1,2", "type=is.maybe", "order=eq.id", "select=eq.x"])
    func malformedFiltersAreRefused(_ text: String) {
        #expect(throws: RequestSyntaxError.self) { try PostgRESTFilter(parsing: text) }
    }

    @Test func ordersAreColumnsWithModifiers() throws {
        #expect(PostgRESTOrder.byID.text == "id")
        #expect(try PostgRESTOrder(parsing: "name.desc").text == "name.desc")
        #expect(try PostgRESTOrder(parsing: "status.asc.nullslast,id.desc").text == "status.asc.nullslast,id.desc")
        for bad in ["", "name.down", "na me", "name,"] {
            #expect(throws: RequestSyntaxError.self, "\(bad)") { try PostgRESTOrder(parsing: bad) }
        }
    }

    @Test func theKeyGoesOutTwiceAndIsNeverShown() throws {
        var headers = RequestHeaders()
        try headers.add(line: "X-Client: portal")
        try headers.add(line: "apikey: old")
        try headers.addAPIKey(" s3cr3t-key ")
        #expect(headers.fields["apikey"] == "s3cr3t-key")
        #expect(headers.fields["Authorization"] == "Bearer s3cr3t-key")
        #expect(headers.fields["X-Client"] == "portal")
        #expect(headers.fields.count == 3)
        #expect(!headers.description.contains("s3cr3t") && headers.description.contains("apikey: ***"))
        // A request's own header of the same name (any case) is replaced, not doubled.
        let applied = headers.applied(to: ["AUTHORIZATION": "x", "Range": "0-19"])
        #expect(applied["Range"] == "0-19" && applied["AUTHORIZATION"] == nil && applied["Authorization"] == "Bearer s3cr3t-key")
        var empty = RequestHeaders()
        try empty.addAPIKey("  ")
        #expect(empty.isEmpty)
    }

    @Test func badHeaderLinesNameTheProblemNotTheValue() {
        var headers = RequestHeaders()
        for line in ["no colon here s3cr3t", "Bad Name: s3cr3t", ": s3cr3t", "X-Ok: s3cr3t\u{1B}[2J"] {
            do {
                try headers.add(line: line)
                Issue.record("accepted \(line.debugDescription)")
            } catch {
                #expect(!error.description.contains("s3cr3t"), "\(error)")
            }
        }
        #expect(headers.isEmpty)
    }

    @Test func aKeyOrHeaderValueWithAnyControlCharacterIsRefusedWithoutBeingShown() {
        // A key pasted with its comment line, a tab, an escape, DEL, a C1 control (NEL),
        // a Unicode line separator: each is refused, and the error never quotes it.
        let hostile = ["s3cr3t\n# my key", "s3cr3t\rx", "s3\tcr3t", "s3cr3t\u{1B}[2J", "s3cr3t\u{7F}", "s3cr3t\u{85}x", "s3cr3t\u{2028}x"]
        for value in hostile {
            var key = RequestHeaders()
            do {
                try key.addAPIKey(value)
                Issue.record("key accepted: \(value.debugDescription)")
            } catch {
                #expect(!error.description.contains("s3cr3t") && error.description.contains("PORTAL_API_KEY"), "\(error)")
            }
            #expect(key.isEmpty)
            var header = RequestHeaders()
            do {
                try header.add(line: "X-Token: \(value)")
                Issue.record("header accepted: \(value.debugDescription)")
            } catch {
                #expect(!error.description.contains("s3cr3t") && error.description.contains("X-Token"), "\(error)")
            }
            #expect(header.isEmpty)
        }
        // A trailing newline (`$(cat key.txt)`) is whitespace around the key, not inside it.
        var trailing = RequestHeaders()
        #expect(throws: Never.self) { try trailing.addAPIKey("s3cr3t\n") }
        #expect(trailing.fields["apikey"] == "s3cr3t")
    }
}
