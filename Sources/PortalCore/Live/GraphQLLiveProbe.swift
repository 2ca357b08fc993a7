import Foundation

/// Finds the subscription that follows a GraphQL list (`--live`): one introspection
/// request (the list's own query, asking the subscription root's name too), then
/// `GraphQLLiveQuery.find`. Each failure is one line that says what the schema lacks.
public enum GraphQLLiveProbe {
    public static func find(endpoint: URL, headers: [String: String], list: String, transport: any Transport) async throws -> GraphQLLiveQuery {
        let request = GraphQLRequestBody.request(endpoint, headers: headers, query: GraphQLLiveQuery.introspectionQuery, variables: [])
        let response: HTTPResponse
        do {
            response = try await transport.send(request)
        } catch let error as TransportError {
            throw GraphQLLiveProblem("cannot read the schema: \(error.description)")
        }
        let schema: GraphQLSchema
        let subscriptionType: String?
        do {
            let answer = try GraphQLAnswer.read(response)
            schema = try GraphQLSchema.read(data: answer.data.node)
            subscriptionType = GraphQLLiveQuery.subscriptionType(in: answer.data.node)
        } catch let error as PageFailure {
            throw GraphQLLiveProblem("cannot read the schema: \(error.message)")
        } catch let error as GraphQLFailure {
            throw GraphQLLiveProblem(error.description)
        }
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
