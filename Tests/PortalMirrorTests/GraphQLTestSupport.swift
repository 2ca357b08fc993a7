import Foundation
import PortalCore
import PortalTestSupport
@testable import PortalMirror
import Testing
import PortalGraphQL

/// A GraphQL answer read from its JSON: `data`, and `errors` with their messages.
struct GraphQLAnswer {
    let data: [String: Any]?
    let errors: [[String: Any]]

    init(_ response: HTTPResponse) throws {
        let object = try response.object()
        data = object["data"] as? [String: Any]
        errors = object["errors"] as? [[String: Any]] ?? []
    }

    var messages: [String] { errors.compactMap { $0["message"] as? String } }

    /// `data[name]` as an object (empty when it is not one).
    func field(_ name: String) -> [String: Any] { data?[name] as? [String: Any] ?? [:] }
}

extension [String: Any] {
    /// The `id`s of the objects in the list at `key`.
    func ids(_ key: String) -> [String] { (self[key] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String } }
    /// A connection's node ids, read from its edges.
    var nodeIDs: [String] {
        (self["edges"] as? [[String: Any]] ?? []).compactMap { ($0["node"] as? [String: Any])?["id"] as? String }
    }
    /// A connection's node ids, read from `nodes`.
    var nodeIDsFromNodes: [String] { ids("nodes") }
}

/// The standard introspection query (graphql-js's `getIntrospectionQuery()`, without
/// descriptions of directives), as GraphQL clients send it.
enum GraphQLQueries {
    static let introspection = """
    query IntrospectionQuery {
      __schema {
        queryType { name } mutationType { name } subscriptionType { name }
        types { ...FullType }
        directives { name description locations args { ...InputValue } }
      }
    }
    fragment FullType on __Type {
      kind name description
      fields(includeDeprecated: true) { name description args { ...InputValue } type { ...TypeRef } isDeprecated deprecationReason }
      inputFields { ...InputValue }
      interfaces { ...TypeRef }
      enumValues(includeDeprecated: true) { name description isDeprecated deprecationReason }
      possibleTypes { ...TypeRef }
    }
    fragment InputValue on __InputValue { name description type { ...TypeRef } defaultValue }
    fragment TypeRef on __Type {
      kind name
      ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name } } } } } } }
    }
    """
}

extension Mirror {
    /// One request of any method to `path`, with an optional body.
    static func send(_ mirror: RunningMirror, method: String, _ path: String, body: Data? = nil,
                     headers: [String: String] = ["content-type": "application/json"]) async throws -> HTTPResponse {
        guard let url = URL(string: mirror.origin + path) else { throw TestFailure("bad URL \(path)") }
        return try await transport.send(HTTPRequest(method: method, url: url, headers: headers, body: body))
    }

    /// POSTs `query` with `variables` to `/graphql`, as GraphQL clients do.
    static func graphQL(_ mirror: RunningMirror, _ query: String, variables: [String: Any] = [:]) async throws -> (status: Int, answer: GraphQLAnswer) {
        let body = try JSONSerialization.data(withJSONObject: ["query": query, "variables": variables])
        let response = try await send(mirror, method: "POST", "/graphql", body: body)
        return (response.status, try GraphQLAnswer(response))
    }
}
