import Foundation
import PortalCore
import PortalSources
import Testing

/// The checks a request passes before anything is sent: a bad combination of flags is a
/// usage error in the same words the command line has always printed.
@Suite struct BadCombinationsAreUsageErrorsTests {
    /// A request with no environment (no `PORTAL_API_KEY`), changed by `change`.
    static func request(_ change: (inout SourceRequest) -> Void) -> SourceRequest {
        var request = SourceRequest()
        request.environment = [:]
        change(&request)
        return request
    }

    static let cases: [(String, SourceRequest)] = [
        ("--url names the list itself; it cannot go with --data", request { $0.url = "http://a.test/x"; $0.data = "d" }),
        ("--url names the list itself; it cannot go with --base-url", request { $0.url = "http://a.test/x"; $0.baseURL = "http://b.test/api" }),
        ("--graphql names the server itself; it cannot go with --url", request { $0.graphql = "http://g.test/graphql"; $0.url = "http://a.test/x" }),
        ("--openapi names the API itself; it cannot go with --api", request { $0.openapi = "doc.json"; $0.api = .pokeAPI }),
        ("--data and --base-url name two sources; give one", request { $0.data = "d"; $0.baseURL = "http://b.test/api" }),
        ("--paging goes with --url", request { $0.paging = "next" }),
        ("--query goes with --graphql URL", request { $0.query = "{ a }" }),
        ("--table is for PostgREST sources (--api postgrest or a …/rest/v1 base URL)", request { $0.table = "t" }),
        ("--email is for PostgREST sources (--api postgrest or a …/rest/v1 base URL)", request { $0.email = "a@b.c" }),
        ("--page-size: the Rick and Morty API's pages are fixed at 20 items", request { $0.pageSize = 50 }),
        ("--args goes with --rpc", request { $0.api = .postgREST; $0.baseURL = "http://p.test/rest/v1"; $0.args = "{}" }),
        ("--api postgrest needs --base-url (there is no public PostgREST to default to) or --data", request { $0.api = .postgREST }),
    ]

    @Test(arguments: cases)
    func isRefusedInItsOwnWords(message: String, request: SourceRequest) {
        var request = request
        #expect(throws: SourceFailure.usage(message)) { try request.validate() }
    }

    @Test func aUserInTheURLGoesAsBasicAndLeavesTheURL() throws {
        var request = SourceRequest()
        request.environment = [:]
        request.url = "http://ann:secret@a.test/x"
        try request.validate()
        #expect(request.url == "http://a.test/x")
        #expect(request.headerLines.count == 1)
        #expect(request.headerLines.first?.hasPrefix("Authorization: Basic ") == true)
    }

    @Test func aPresetListNotOfTheAPINamesItsLists() throws {
        var request = SourceRequest()
        request.data = "unused"
        #expect(throws: SourceFailure.usage("'nosuch' is not a Rick and Morty list (characters, episodes, locations); for another API give --api")) {
            try request.presetList("nosuch")
        }
    }
}
