import ArgumentParser
import Foundation
import PortalCore

/// `portal list NAME --graphql URL` (root field NAME's whole list) and `portal list
/// --graphql URL --query QUERY` (the query's list): every item once, in the server's
/// order, through the same `Source` and paging the browser uses (`SourceResolver`).
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
}
