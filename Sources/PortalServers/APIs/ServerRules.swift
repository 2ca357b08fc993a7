import Foundation
import PortalCore

/// One API's emulated server (a preset's, or the paging dialects' routes): a pure function
/// from a GET below the API root to the answer the real server would give. The snapshot
/// transport and the mirror both answer through it, so a server's behaviour is written once.
public protocol ServerRules: Sendable {
    /// `path` is below the API root (`/character/?page=2` has path `/character/`), `query`
    /// the decoded query in the order it was sent, `headers` the request's (any case).
    func respond(path: String, query: [(key: String, value: String)], headers: [String: String]) -> HTTPResponse
    /// Any method, with the request's body. The default answers GET and HEAD as above
    /// and refuses the rest (405); PostgREST's functions (`rpc/NAME`) take POSTs.
    func respond(method: String, path: String, query: [(key: String, value: String)], headers: [String: String], body: Data?) -> HTTPResponse
}

extension ServerRules {
    public func respond(method: String, path: String, query: [(key: String, value: String)], headers: [String: String], body: Data?) -> HTTPResponse {
        guard method == "GET" || method == "HEAD" else {
            var response = RickAndMortyRules.error(405, "Method Not Allowed")
            response.headers["allow"] = "GET, HEAD"
            return response
        }
        return respond(path: path, query: query, headers: headers)
    }
}
