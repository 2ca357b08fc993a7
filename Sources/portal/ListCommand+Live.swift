import ArgumentParser
import Foundation
import PortalConfig
import PortalCore
import PortalCurl
import PortalSources
import PortalWebSocket
import PortalAuth
import PortalGraphQL

/// `--live`: the list's changes as the server pushes them over a GraphQL subscription.
struct LiveOptions: ParsableArguments {
    @Flag(help: ArgumentHelp(
        "With --graphql URL LIST, or a saved GraphQL API (portal list NAME LIST --live): follow the list's changes over the schema's subscription of its items (graphql-transport-ws); on a PostgREST table (Supabase): its postgres_changes over Realtime (/realtime/v1/websocket, with --email's token, sent again when renewed). Prints each change as an NDJSON line, as --events does, until interrupted or the server ends it (--limit N: after N changes). Reconnects with backoff; the credentials go only to the endpoint's origin."))
    var live = false
}

/// `portal list --graphql URL LIST --live`: finds the `Subscription` field of the list's
/// item type in the introspected schema (`GraphQLLiveProbe`), follows it over
/// graphql-transport-ws (`GraphQLSubscriptionFeed` on `LibWebSocketsConnector`) and prints
/// each change as `portal list --events` does: one NDJSON line (`LiveChange.jsonLine`),
/// notes and reconnections on stderr, the same exit rules (0 on --limit, a closed pipe,
/// an interrupt or the server completing the subscription; 1 when it refuses it).
///
/// A saved API of kind GraphQL (`portal list NAME LIST --live`) is followed the same way,
/// with its saved headers and its sign-in's current token (OAuth2, Supabase) on each
/// connection, only to the endpoint's origin.
extension ListCommand {
    func followLive() async throws {
        if followsRealtime { return try await followRealtime() }
        if let saved = try savedAPI() { return try await followSaved(saved) }
        guard source.graphQL.graphql != nil else {
            throw ValidationError("--live goes with --graphql URL LIST (a GraphQL subscription) or a PostgREST table (Supabase Realtime)")
        }
        guard let resource else { throw ValidationError("--live: name the list to follow (portal list --graphql URL LIST --live)") }
        try await follow(list: resource, request: source.request, made: try source.request.connect())
    }

    /// `portal list NAME LIST --live`: the saved API's endpoint, headers and sign-in.
    private func followSaved(_ api: SavedAPI) async throws {
        let run = try await SavedRun.resolve(api)
        guard let request = try run.describedRequest(), let endpoint = request.graphql else {
            throw LiveSetup.notGraphQL(api.name)
        }
        guard let savedList else { throw ValidationError("--live: name the list to follow (portal list \(Sanitize.line(api.name)) LIST --live)") }
        let made = try await run.connect(try source.request.connect(scopingCredentials: false), offline: source.cache.offline)
        try await follow(list: savedList, request: request, made: made, session: run.sessionSigns(endpoint) ? made.session : nil)
    }

    /// Follows `list`'s subscription at `request`'s `--graphql` endpoint with its headers
    /// (and `session`'s token), printing each change.
    private func follow(list: String, request: SourceRequest, made: Connection, session: AuthSession? = nil) async throws {
        guard let text = request.graphql, let origin = SplitURL(text)?.origin, let endpoint = URL(string: text) else {
            throw ValidationError("--graphql '\(Sanitize.line(request.graphql ?? ""))' must be an http(s) URL")
        }
        if (format != nil && format != .ndjson) || jq != nil || from != nil || to != nil || explain || source.graphQL.query != nil {
            throw ValidationError("--live prints one NDJSON line a change; --format, --jq, --from, --to, --explain and --query do not go with it")
        }
        let headers = try request.anyAPIHeaders()
        let live: GraphQLLiveQuery
        do {
            live = try await GraphQLLiveProbe.find(endpoint: endpoint, headers: headers, list: list, transport: made.transport)
        } catch let problem as GraphQLLiveProblem {
            throw RuntimeFailure("\(Sanitize.line(text)): \(problem.description)")
        }
        let feed = GraphQLSubscriptionFeed(endpoint: endpoint, headers: headers, credentialOrigin: origin, live: live,
                                           keyFields: ListSpec().keyFields, connector: LibWebSocketsConnector(), session: session)
        try await printChanges(of: feed, completes: "the server completed the subscription")
    }

    /// Prints a feed's changes as NDJSON lines until it ends; `completes`: the end that is
    /// no failure.
    func printChanges(of feed: any LiveFeed, completes: String) async throws {
        let sink = OutputSink(format: .ndjson)
        var printed = 0
        let end: String
        do {
            end = try await feed.follow { signal in
                switch signal {
                case .change(let change):
                    try sink.write(change.jsonLine + "\n")
                    printed += 1
                    if let limit, printed >= limit { throw LiveDone() }
                case .status(.reconnecting(let wait, let why)):
                    StandardStreams.error("\(Sanitize.line(why)); reconnecting in \(Self.seconds(wait)) s")
                case .status(.note(let note)):
                    StandardStreams.error(Sanitize.line(note))
                case .status(.reset(let why)):
                    StandardStreams.error("\(Sanitize.line(why)) (read the list again)")
                case .status(.open), .status(.ended):
                    break
                }
            }
        } catch is LiveDone {
            return
        } catch is OutputSink.ReaderGone {
            return
        }
        guard end == completes else { throw RuntimeFailure("the subscription ended: \(Sanitize.line(end))") }
        StandardStreams.error(Sanitize.line(end))
    }

    private static func seconds(_ wait: Duration) -> String {
        String(format: "%.1f", Double(wait.components.seconds) + Double(wait.components.attoseconds) / 1e18)
    }
}

/// `--limit` changes printed.
private struct LiveDone: Error {}
