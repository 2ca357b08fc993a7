import ArgumentParser
import Foundation
import PortalCore

/// `--graphql URL` and `--query`: browse or list a GraphQL server's lists — a tab per
/// root field returning a list or a connection (read from its schema), or the user's own
/// query. See docs/sources.md, "GraphQL".
struct GraphQLOptions: ParsableArguments {
    @Option(help: ArgumentHelp("A GraphQL endpoint: a tab for each root field that returns a list or a connection (read from its schema).", valueName: "url"))
    var graphql: String?

    @Option(help: ArgumentHelp("With --graphql: your own query (or @file.graphql); portal fills $after/$cursor/$endCursor, $page, $offset/$skip and $first/$limit.", valueName: "query"))
    var query: String?

    func validate() throws {
        guard let graphql else {
            if query != nil { throw ValidationError("--query goes with --graphql URL") }
            return
        }
        guard SplitURL(graphql) != nil, URL(string: graphql) != nil else {
            throw ValidationError("--graphql '\(Sanitize.line(graphql))' must be an http(s) URL with a valid host and port")
        }
        if let query, query.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw ValidationError("--query is empty")
        }
    }

    /// A usage error when `--graphql` is given with a flag naming another source.
    func conflict(with others: [(flag: String, given: Bool)]) -> String? {
        guard graphql != nil else { return nil }
        for (flag, given) in others where given {
            return "--graphql names the server itself; it cannot go with \(flag)"
        }
        return nil
    }

    /// `--page-size` for a GraphQL list (the built-in APIs' checks do not apply: their
    /// fixed sizes and PostgREST's flags are not this server's).
    func check(pageSize: Int?) throws {
        guard let pageSize else { return }
        guard APIKind.pageSizeRange.contains(pageSize) else {
            throw ValidationError("--page-size must be between \(APIKind.pageSizeRange.lowerBound) and \(APIKind.pageSizeRange.upperBound), got \(pageSize)")
        }
    }

    /// The query text: `--query`, or the file after `@`.
    func queryText() throws -> String? {
        guard let query else { return nil }
        guard query.hasPrefix("@") else { return query }
        let path = String(query.dropFirst())
        guard let data = FileManager.default.contents(atPath: path), data.count <= 1_048_576 else {
            throw RuntimeFailure("--query: cannot read \(Sanitize.line(path)) (missing, unreadable or over 1 MiB)")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// The header's name for the endpoint (`host:port`).
    var label: String? {
        guard let graphql, let split = SplitURL(graphql) else { return nil }
        let port = split.origin.port == 80 || split.origin.port == 443 ? "" : ":\(split.origin.port)"
        return split.origin.host + port
    }
}

extension SourceOptions {
    /// With `--graphql`: the server's schema asked (or `--query` read) and the first page
    /// of its first Relay list asked once, through `transport` (so the trace and the caches
    /// see them), then the source; nil without `--graphql`. What was found goes to the
    /// trace as a note; a server that cannot be browsed is a runtime failure saying why
    /// (no introspection names `--query`).
    func graphQLSource(transport: any Transport, tracer: TracingTransport?) async throws -> GraphQLProbe.Found? {
        guard let text = graphQL.graphql else { return nil }
        guard let endpoint = URL(string: text) else { throw RuntimeFailure("--graphql '\(Sanitize.line(text))' is not a URL") }
        let (headers, query) = (try anyAPIHeaders(), try graphQL.queryText())
        do throws(GraphQLFailure) {
            let found = try await GraphQLProbe.source(
                endpoint: endpoint, headers: headers, query: query,
                pageSize: apiOptions.pageSize ?? APIKind.defaultPageSize, fields: anyAPI.cardFields,
                picturesOrigin: pictures.picturesOrigin, sender: RetryingSender(transport: transport))
            tracer?.note("graphql", [("endpoint", text)] + found.explanation.map { line in
                let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                return (parts[0], parts.count > 1 ? parts[1] : "")
            })
            return found
        } catch {
            throw RuntimeFailure("\(Sanitize.line(text)): \(error.description)")
        }
    }
}
