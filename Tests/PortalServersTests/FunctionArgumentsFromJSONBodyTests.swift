import Foundation
import PortalCore
import PortalServers
import PortalTestSupport
import Testing

/// The emulated PostgREST reads a function's arguments from a POST's JSON object (with the
/// one JSON scanner, `JSONNode`) as it reads them from a GET's query, and refuses a body
/// that is not an object with PostgREST's `PGRST102`.
@Suite("A function's arguments come from a POST's JSON object as from a GET's query")
struct FunctionArgumentsFromJSONBodyTests {
    static func rules() throws -> PostgRESTRules {
        let data = try TestData.data
        return PostgRESTRules(rickAndMorty: data, characters: ArrayTable(data.characters), pokemon: [], baseURL: TestData.base)
    }

    static func post(_ body: String) throws -> HTTPResponse {
        try rules().respondFunction("characters_by_status", method: "POST", query: [("limit", "5")], headers: [:], body: Data(body.utf8))
    }

    @Test func aPostBodyAsksWhatTheQueryAsks() throws {
        let get = try Self.rules().respondFunction("characters_by_status", method: "GET", query: [("status", "Dead"), ("limit", "5")], headers: [:], body: nil)
        let post = try Self.post(#" {"status": "Dead"} "#)
        #expect(get.status == 200 && post.status == 200, "\(post.text.prefix(200))")
        #expect(post.body == get.body)
        let rows = try RowReader.rows(post.body)
        #expect(rows.count == 5 && rows.allSatisfy { $0["status"] == .string("Dead") })
    }

    @Test(arguments: ["[1]", #""Dead""#, #"{"status":"#, "nul"])
    func aBodyThatIsNotAnObjectIsRefused(body: String) throws {
        let post = try Self.post(body)
        #expect(post.status == 400)
        #expect(post.text.contains("PGRST102"), "\(post.text.prefix(200))")
    }
}
