import Foundation
import PortalCore
import PortalWebSocket
import PortalAuth
import PortalGraphQL

extension LiveSetup {
    /// `--live` on a GraphQL endpoint: one introspection request, then a subscription for
    /// every tab of `browseSource` whose list has one (`GraphQLLiveProbe`); none is an error.
    /// `session`: a saved API's sign-in, whose current token each connection sends.
    public static func graphQL(_ on: Bool, request: SourceRequest, browseSource: any Source, transport: any Transport,
                               session: AuthSession? = nil) async throws -> LiveSetup? {
        guard on else { return nil }
        guard let text = request.graphql, let endpoint = URL(string: text), let origin = SplitURL(text)?.origin else {
            throw SourceFailure.usage("--live goes with --graphql URL (the GraphQL lists whose subscriptions it follows)")
        }
        let headers = try request.anyAPIHeaders()
        var follows: [Int: LiveSubscription] = [:]
        do {
            let (schema, root) = try await GraphQLLiveProbe.schema(endpoint: endpoint, headers: headers, transport: transport)
            for (index, tab) in browseSource.tabs.enumerated() {
                guard let live = try? GraphQLLiveProbe.find(list: tab.title, in: schema, subscriptionType: root) else { continue }
                follows[index] = LiveSubscription(.graphQLSubscription(endpoint: endpoint, live: live), kind: tab.kind)
            }
        } catch let problem as GraphQLLiveProblem {
            throw SourceFailure.runtime("\(Sanitize.line(text)): \(problem.description)")
        }
        guard !follows.isEmpty else { throw SourceFailure.runtime("\(Sanitize.line(text)): --live: no list here has a subscription of its items") }
        return LiveSetup(follows: follows, feeds: .graphQL(over: LibWebSocketsConnector(), headers: headers, credentialOrigin: origin, session: session))
    }

    /// `portal NAME --live` on a saved API of kind GraphQL (`graphql = …`): as `--graphql
    /// URL --live`, with the saved headers and the saved sign-in's token (`made.session`)
    /// when the endpoint is on the origin it signs.
    public static func savedGraphQL(_ on: Bool, run: SavedRun, browseSource: any Source, made: Connection) async throws -> LiveSetup? {
        guard on else { return nil }
        guard let request = try run.describedRequest(), let endpoint = request.graphql else {
            throw notGraphQL(run.api.name)
        }
        return try await graphQL(true, request: request, browseSource: browseSource, transport: made.transport,
                                 session: run.sessionSigns(endpoint) ? made.session : nil)
    }

    /// `--live` on a saved API that is not GraphQL.
    public static func notGraphQL(_ name: String) -> SourceFailure {
        .usage("--live: \(Sanitize.line(name)) is not a GraphQL API (graphql = \"URL\"); a saved list's changes come with events = \"URL\"")
    }
}
