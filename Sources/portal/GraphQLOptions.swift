import ArgumentParser
import Foundation
import PortalCore

/// `--graphql URL` and `--query`: browse or list a GraphQL server's lists — a tab per
/// root field returning a list or a connection (read from its schema), or the user's own
/// query. Checked and read by PortalSources (`SourceRequest+GraphQL`). See docs/sources.md,
/// "GraphQL".
struct GraphQLOptions: ParsableArguments {
    @Option(help: ArgumentHelp("A GraphQL endpoint: a tab for each root field that returns a list or a connection (read from its schema).", valueName: "url"))
    var graphql: String?

    @Option(help: ArgumentHelp("With --graphql: your own query (or @file.graphql); portal fills $after/$cursor/$endCursor, $page, $offset/$skip and $first/$limit.", valueName: "query"))
    var query: String?
}
