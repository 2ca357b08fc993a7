import Foundation
import PortalCore
@testable import PortalMirror
import Testing

/// `--oauth-client` guards `/graphql` as it guards every other route: a bearer token from
/// `/oauth/token` or a 401.
@Suite struct GraphQLNeedsTheBearerTokenTests {
    @Test func graphQLNeedsTheBearerToken() async throws {
        let oauth = MirrorOAuth(clients: [.init(id: "cli", secret: "s3cr3t")], tokenTTL: 60)
        let routes = MirrorRoutes(data: Mirror.data, publicURL: "http://127.0.0.1:1/api", oauth: oauth)
        let query = try JSONSerialization.data(withJSONObject: ["query": #"{ character(id: "1") { name } }"#])
        let json = ["content-type": "application/json"]

        let refused = await routes.answer(method: "POST", target: "/graphql", headers: json, body: query)
        #expect(refused.status == 401)

        let basic = "Basic " + Data("cli:s3cr3t".utf8).base64EncodedString()
        let grant = routes.respond(method: "POST", target: "/oauth/token", headers: ["authorization": basic],
                                   body: Data("grant_type=client_credentials".utf8))
        let token = try #require(try grant.object()["access_token"] as? String)
        var signed = json
        signed["authorization"] = "Bearer \(token)"
        let answered = await routes.answer(method: "POST", target: "/graphql", headers: signed, body: query)
        #expect(answered.status == 200)
        #expect(try (answered.object()["data"] as? [String: Any])?["character"] as? [String: String] == ["name": "Rick Sanchez"])
    }
}
