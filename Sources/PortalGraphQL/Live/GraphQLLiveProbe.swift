import Foundation
import PortalCore

/// Finds the subscription that follows a GraphQL list (`--live`): one introspection
/// request (the list's own query, asking the subscription root's name too), then
/// `GraphQLLiveQuery.find`. Each failure is one line that says what the schema lacks.
public enum GraphQLLiveProbe {
    public static func find(endpoint: URL, headers: [String: String], list: String, transport: any Transport) async throws -> GraphQLLiveQuery {
        let (schema, subscriptionType) = try await schema(endpoint: endpoint, headers: headers, transport: transport)
        return try find(list: list, in: schema, subscriptionType: subscriptionType)
    }

    /// The schema and its subscription root's name, from one introspection request.
    public static func schema(endpoint: URL, headers: [String: String], transport: any Transport) async throws -> (GraphQLSchema, String?) {
        let request = GraphQLRequestBody.request(endpoint, headers: headers, query: GraphQLLiveQuery.introspectionQuery, variables: [])
        let response: HTTPResponse
        do {
            response = try await transport.send(request)
        } catch let error as TransportError {
            throw GraphQLLiveProblem("cannot read the schema: \(error.description)")
        }
        do {
            let answer = try GraphQLAnswer.read(response)
            return (try GraphQLSchema.read(data: answer.data.node), GraphQLLiveQuery.subscriptionType(in: answer.data.node))
        } catch let error as PageFailure {
            throw GraphQLLiveProblem("cannot read the schema: \(error.message)")
        } catch let error as GraphQLFailure {
            throw GraphQLLiveProblem(error.description)
        }
    }

    /// The subscription of `list` in `schema`, or why there is none.
    public static func find(list: String, in schema: GraphQLSchema, subscriptionType: String?) throws -> GraphQLLiveQuery {
        let lists = GraphQLQueryBuilder.lists(in: schema, pageSize: 1).map(\.name)
        guard let name = lists.first(where: { $0 == list }) ?? lists.first(where: { $0.caseInsensitiveCompare(list) == .orderedSame }) else {
            throw GraphQLLiveProblem("'\(Sanitize.line(list))' is not a list of this server (\(lists.joined(separator: ", ")))")
        }
        guard let subscriptionType else { throw GraphQLLiveProblem("the schema has no Subscription type: --live needs a subscription of \(name)'s items") }
        guard let live = GraphQLLiveQuery.find(list: name, in: schema, subscriptionType: subscriptionType) else {
            let item = schema.types[schema.queryType]?.field(name).flatMap { GraphQLQueryBuilder.shape(of: $0, in: schema) }?.node.name ?? "?"
            throw GraphQLLiveProblem("no field of \(Sanitize.line(subscriptionType)) returns \(Sanitize.line(item)) (the items of \(name)) or a change holding one")
        }
        return live
    }
}

/// Why `--live` cannot follow a GraphQL list: one line.
public struct GraphQLLiveProblem: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
