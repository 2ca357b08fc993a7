import ArgumentParser
import Foundation
import PortalCore

/// `portal list NAME --graphql URL` (root field NAME's whole list) and `portal list
/// --graphql URL --query QUERY` (the query's list): every item once, in the server's
/// order, through the same `Source` and paging the browser uses.
extension ListCommand {
    /// Usage errors of a GraphQL listing (exit 2), before any request.
    func validateGraphQL() throws {
        if let (key, _) = filters.given.first {
            throw ValidationError("--\(key) is a filter of the built-in APIs; with --graphql write it in --query")
        }
        if source.graphQL.query != nil, let resource {
            throw ValidationError("--query is the list; '\(Sanitize.line(resource))' is one too many")
        }
    }

    func listGraphQL(_ transport: any Transport, tracer: TracingTransport?, output: ListOutput) async throws {
        guard let found = try await source.graphQLSource(transport: transport, tracer: tracer) else { return }
        if explain { StandardStreams.error(lines: found.explanation) }
        let listed = found.source
        let tabs = listed.tabs
        var index = 0
        if source.graphQL.query == nil {
            let names = tabs.map(\.title).joined(separator: ", ")
            guard let resource else { throw RuntimeFailure("name the list: \(names)") }
            guard let named = tabs.firstIndex(where: { $0.title == resource }) ?? TabSpec.index(of: resource, in: tabs) else {
                throw RuntimeFailure("'\(Sanitize.line(resource))' is not a list of this server (\(names))")
            }
            index = named
        }
        // A partial answer's notice rides on its page: `stream` says it (`ListNotes`).
        try await stream(listed, ListQuery(kind: tabs[index].kind), transport, noun: "items of \(tabs[index].title)", output: output)
    }
}
