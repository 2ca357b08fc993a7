import Foundation
import PortalCore
import PortalGraphQL

/// `--graphql URL` and `--query`: a tab per root field returning a list or a connection
/// (read from its schema), or the user's own query. See docs/sources.md, "GraphQL".
extension SourceRequest {
    /// With `--graphql`: the server's schema asked (or `--query` read) and the first page
    /// of its first Relay list asked once, through `transport` (so the trace and the caches
    /// see them), then the source; nil without `--graphql`. What was found goes to the
    /// trace as a note; a server that cannot be browsed is a runtime failure saying why
    /// (no introspection names `--query`).
    public func graphQLSource(transport: any Transport, tracer: TracingTransport?) async throws(SourceFailure) -> GraphQLProbe.Found? {
        guard let text = graphql else { return nil }
        guard let endpoint = URL(string: text) else { throw .runtime("--graphql '\(Sanitize.line(text))' is not a URL") }
        let (headers, query) = (try anyAPIHeaders(), try queryText())
        do throws(GraphQLFailure) {
            let found = try await GraphQLProbe.source(
                endpoint: endpoint, headers: headers, query: query,
                pageSize: pageSize ?? APIKind.defaultPageSize, fields: cardFields,
                picturesOrigin: picturesOrigin, sender: RetryingSender(transport: transport))
            tracer?.note("graphql", [("endpoint", text)] + traceFields(found.explanation))
            return found
        } catch {
            throw .runtime("\(Sanitize.line(text)): \(error.description)")
        }
    }
}
