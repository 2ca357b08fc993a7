import Foundation
import GraphQL
import struct PortalCore.BaseURL
import struct PortalCore.HTTPResponse
import enum PortalCore.QueryString
import struct PortalServers.ServedData

/// The mirror's `/graphql`: the snapshot (and `--scale`'s characters) behind a GraphQL
/// schema run by the reference executor (GraphQLSwift/GraphQL), so portal's GraphQL client
/// has a local server for every paging style — Rick and Morty's page numbers, Relay
/// connections with offset cursors, offsets — and standard introspection.
///
/// HTTP as GraphQL servers speak it: `POST` with a JSON body `{"query", "variables",
/// "operationName"}` (or `GET ?query=&variables=&operationName=`); the answer is
/// `{"data": …, "errors": [{"message", "locations", "path"}]}`, 200 when the query ran
/// (with `errors` and partial `data` when a field failed) and 400 when it could not
/// (bad JSON, no query, a syntax or validation error: `errors` only, as Apollo answers).
public struct MirrorGraphQL: Sendable {
    /// Where the route is mounted.
    public static let path = "/graphql"
    /// The schema, built once; nil only if the library refused it (then every request is
    /// a 500 naming why).
    let schema: Result<GraphQLSchema, GraphQLError>

    /// With `churn`, the schema has `Subscription.characterChanged`, served over
    /// graphql-transport-ws (`MirrorGraphQL+Socket.swift`).
    public init(served: ServedData, publicRoot: BaseURL, churn: CharacterChurn? = nil) {
        let catalog = GraphQLCatalog(served: served, publicRoot: publicRoot)
        do {
            schema = .success(try MirrorGraphQLSchema.make(catalog, churn: churn))
        } catch let error as GraphQLError {
            schema = .failure(error)
        } catch {
            schema = .failure(GraphQLError(message: "\(error)"))
        }
    }

    /// Answers one request to `/graphql`; `query` is the raw query string.
    public func respond(method: String, query: Substring, headers: [String: String], body: Data?) async -> HTTPResponse {
        let request: GraphQLRequest
        switch method {
        case "POST":
            guard let parsed = Self.postRequest(body ?? Data(), contentType: headers["content-type"]) else {
                return Self.answer(400, GraphQLResult(errors: [GraphQLError(message: "POST body must be JSON: {\"query\": \"...\"}")]))
            }
            request = parsed
        case "GET", "HEAD":
            switch Self.getRequest(query) {
            case .success(let parsed): request = parsed
            case .failure(let error): return Self.answer(400, GraphQLResult(errors: [error]))
            }
        default:
            var response = Self.answer(405, GraphQLResult(errors: [GraphQLError(message: "use POST (or GET) for /graphql")]))
            response.headers["allow"] = "GET, HEAD, POST"
            return response
        }
        let schema: GraphQLSchema
        switch self.schema {
        case .success(let built): schema = built
        case .failure(let error): return Self.answer(500, GraphQLResult(errors: [error]))
        }
        do {
            let result = try await graphql(
                schema: schema, request: request.query, variableValues: request.variables, operationName: request.operationName)
            return Self.answer(result.data == nil ? 400 : 200, result)
        } catch let error as GraphQLError {
            return Self.answer(400, GraphQLResult(errors: [error]))
        } catch {
            return Self.answer(400, GraphQLResult(errors: [GraphQLError(message: "\(error)")]))
        }
    }

    /// A POST body: JSON `{"query", "variables", "operationName"}`, or with
    /// `Content-Type: application/graphql` the query itself.
    static func postRequest(_ body: Data, contentType: String?) -> GraphQLRequest? {
        if contentType?.lowercased().hasPrefix("application/graphql") == true,
           contentType?.lowercased().hasPrefix("application/graphql-response") != true {
            return String(data: body, encoding: .utf8).map { GraphQLRequest(query: $0) }
        }
        return try? JSONDecoder().decode(GraphQLRequest.self, from: body)
    }

    /// A GET's `?query=…&variables=…&operationName=…` (variables as JSON).
    static func getRequest(_ query: Substring) -> Result<GraphQLRequest, GraphQLError> {
        let pairs = QueryString.pairs(query)
        guard let text = pairs.first(where: { $0.key == "query" })?.value, !text.isEmpty else {
            return .failure(GraphQLError(message: "Must provide query string."))
        }
        var variables: [String: Map] = [:]
        if let json = pairs.first(where: { $0.key == "variables" })?.value, !json.isEmpty {
            guard let decoded = try? JSONDecoder().decode([String: Map].self, from: Data(json.utf8)) else {
                return .failure(GraphQLError(message: "Variables are invalid JSON."))
            }
            variables = decoded
        }
        let operation = pairs.first(where: { $0.key == "operationName" })?.value
        return .success(GraphQLRequest(query: text, operationName: operation?.isEmpty == false ? operation : nil, variables: variables))
    }

    static func answer(_ status: Int, _ result: GraphQLResult) -> HTTPResponse {
        let encoder = GraphQLJSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        let body = (try? encoder.encode(result)) ?? Data(#"{"errors":[{"message":"the answer could not be encoded"}]}"#.utf8)
        return HTTPResponse(status: status, headers: ["content-type": "application/json; charset=utf-8"], body: body)
    }
}
