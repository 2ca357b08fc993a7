import Foundation
import struct PortalCore.HTTPResponse

extension MirrorRoutes {
    /// Answers one request as `respond` does, with `/graphql` (whose executor is async)
    /// answered by `MirrorGraphQL` (behind `--oauth-client`'s token check when given); the
    /// HTTP server calls this.
    public func answer(method: String, target: String, headers: [String: String], body: Data? = nil) async -> HTTPResponse {
        // `--churn`: the whole answer reads one state of the characters.
        if let churn, ChurnPin.characters == nil {
            return await ChurnPin.$characters.withValue(churn.current()) { await answer(method: method, target: target, headers: headers, body: body) }
        }
        let path = target.prefix { $0 != "?" }
        guard path == MirrorGraphQL.path || path == MirrorGraphQL.path + "/" else {
            return respond(method: method, target: target, headers: headers, body: body)
        }
        // `--oauth-client`: a bearer token, as on every other route.
        if let refusal = oauth?.refusal(headers: headers) { return refusal }
        return await graphQL.respond(method: method, query: target.dropFirst(path.count + 1), headers: headers, body: body)
    }
}
