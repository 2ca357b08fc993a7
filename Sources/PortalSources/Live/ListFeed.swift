import Foundation
import PortalAuth
import PortalCore
import PortalWebSocket
import PortalGraphQL

/// `portal list … --live`: the feed of one list's changes, connected and signed in as
/// `resolve` connects — a PostgREST table's `postgres_changes` over Supabase Realtime
/// (`/realtime/v1/websocket` of the base URL's origin, the session's token sent again
/// whenever it is renewed), or a GraphQL list's subscription (`GraphQLLiveProbe`: the
/// command line's endpoint, or a saved GraphQL API's with its headers and sign-in, only to
/// the endpoint's origin). The command prints what it pushes.
public struct ListFeed: Sendable {
    public let feed: any LiveFeed
    /// How the feed ends when nothing went wrong (the server completing the subscription;
    /// Realtime has no such end: "").
    public let completes: String
}

extension SourceRequest {
    /// Whether `--live` means Realtime here: a PostgREST table over HTTP.
    public var followsRealtime: Bool { graphql == nil && data == nil && saved == nil && preset.kind == .postgREST }
}

extension SourceResolver {
    /// The feed of `list`'s changes (a table, a GraphQL root field, a saved GraphQL API's list).
    public func listFeed(_ request: SourceRequest, list: String?) async throws -> ListFeed {
        if request.followsRealtime { return try await realtimeFeed(request, table: list) }
        if let name = request.saved {
            let run = try await SavedRun.resolve(try SavedRun.api(named: name, config: request.config, environment: request.environment),
                                                 environment: request.environment)
            guard let described = try run.describedRequest(), let endpoint = described.graphql else { throw LiveSetup.notGraphQL(run.api.name) }
            guard let list else { throw SourceFailure.usage("--live: name the list to follow (portal list \(Sanitize.line(run.api.name)) LIST --live)") }
            let made = try await run.connect(try request.connect(scopingCredentials: false), offline: request.cache.offline)
            return try await graphQLFeed(list: list, request: described, made: made, session: run.sessionSigns(endpoint) ? made.session : nil)
        }
        guard request.graphql != nil else {
            throw SourceFailure.usage("--live goes with --graphql URL LIST (a GraphQL subscription) or a PostgREST table (Supabase Realtime)")
        }
        guard let list else { throw SourceFailure.usage("--live: name the list to follow (portal list --graphql URL LIST --live)") }
        return try await graphQLFeed(list: list, request: request, made: try request.connect())
    }

    /// `list`'s subscription at `request`'s `--graphql` endpoint with its headers (and
    /// `session`'s token).
    func graphQLFeed(list: String, request: SourceRequest, made: Connection, session: AuthSession? = nil) async throws -> ListFeed {
        guard let text = request.graphql, let origin = SplitURL(text)?.origin, let endpoint = URL(string: text) else {
            throw SourceFailure.usage("--graphql '\(Sanitize.line(request.graphql ?? ""))' must be an http(s) URL")
        }
        let headers = try request.anyAPIHeaders()
        let live: GraphQLLiveQuery
        do {
            live = try await GraphQLLiveProbe.find(endpoint: endpoint, headers: headers, list: list, transport: made.transport)
        } catch let problem as GraphQLLiveProblem {
            throw SourceFailure.runtime("\(Sanitize.line(text)): \(problem.description)")
        }
        let feed = GraphQLSubscriptionFeed(endpoint: endpoint, headers: headers, credentialOrigin: origin, live: live,
                                           keyFields: ListSpec().keyFields, connector: LibWebSocketsConnector(), session: session)
        return ListFeed(feed: feed, completes: "the server completed the subscription")
    }

    /// `table` (else `--table`, else characters) over Realtime, `--where` as its filter,
    /// signed in with `--email` when given.
    func realtimeFeed(_ request: SourceRequest, table: String?) async throws -> ListFeed {
        if request.rpc != nil { throw SourceFailure.usage("--live follows a table's changes; a function's (--rpc) have none") }
        let key = request.keyVariable?.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let api = URL(string: request.apiBaseURL.text), let endpoint = RealtimeFeed.endpoint(for: api, apiKey: key) else {
            throw SourceFailure.usage("--live: '\(Sanitize.line(request.apiBaseURL.text))' is not an http(s) URL")
        }
        let made = try request.connect()
        try await made.signIn(password: password)
        let settings = RealtimeChannel.Settings(table: table ?? request.tableName, filter: try LiveSetup.realtimeFilter(request.parsedFilters()),
                                                keyFields: ListSpec().keyFields)
        let feed = RealtimeFeed(url: endpoint, settings: settings, connector: LibWebSocketsConnector(), credentials: LiveSetup.credentials(made.session))
        return ListFeed(feed: feed, completes: "")
    }
}
