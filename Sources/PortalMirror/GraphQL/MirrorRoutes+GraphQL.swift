import Foundation
import struct PortalCore.HTTPResponse

extension MirrorRoutes {
    /// Answers one request as `respond` does, with `/graphql` (whose executor is async)
    /// answered by `MirrorGraphQL`; the HTTP server calls this.
    public func answer(method: String, target: String, headers: [String: String], body: Data? = nil) async -> HTTPResponse {
        let path = target.prefix { $0 != "?" }
        guard path == MirrorGraphQL.path || path == MirrorGraphQL.path + "/" else {
            return respond(method: method, target: target, headers: headers, body: body)
        }
        return await graphQL.respond(method: method, query: target.dropFirst(path.count + 1), headers: headers, body: body)
    }
}
