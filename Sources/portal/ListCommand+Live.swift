import ArgumentParser
import Foundation
import PortalCore
import PortalSources

/// `--live`: the list's changes as the server pushes them over a GraphQL subscription.
struct LiveOptions: ParsableArguments {
    @Flag(help: ArgumentHelp(
        "With --graphql URL LIST, or a saved GraphQL API (portal list NAME LIST --live): follow the list's changes over the schema's subscription of its items (graphql-transport-ws); on a PostgREST table (Supabase): its postgres_changes over Realtime (/realtime/v1/websocket, with --email's token, sent again when renewed). Prints each change as an NDJSON line, as --events does, until interrupted or the server ends it (--limit N: after N changes). Reconnects with backoff; the credentials go only to the endpoint's origin."))
    var live = false
}

/// `portal list --graphql URL LIST --live` (and a PostgREST table's `--live` over Supabase
/// Realtime): the resolver finds the feed (`SourceResolver.listFeed`: the `Subscription`
/// field of the list's item type in the introspected schema, over graphql-transport-ws) and this prints
/// each change as `portal list --events` does: one NDJSON line (`LiveChange.jsonLine`),
/// notes and reconnections on stderr, the same exit rules (0 on --limit, a closed pipe,
/// an interrupt or the server completing the subscription; 1 when it refuses it).
///
/// A saved API of kind GraphQL (`portal list NAME LIST --live`) is followed the same way,
/// with its saved headers and its sign-in's current token (OAuth2, Supabase) on each
/// connection, only to the endpoint's origin.
extension ListCommand {
    func followLive() async throws {
        let realtime = source.request.followsRealtime
        var request = self.request
        var list = resource
        if realtime {
            if (format != nil && format != .ndjson) || jq != nil || from != nil || to != nil || explain {
                throw ValidationError("--live prints one NDJSON line a change; --format, --jq, --from, --to and --explain do not go with it")
            }
        } else {
            if let saved = try savedAPI() { (request.saved, request.config, list) = (saved.name, config, savedList) }
            if request.saved != nil || request.graphql != nil,
               (format != nil && format != .ndjson) || jq != nil || from != nil || to != nil || explain || source.graphQL.query != nil {
                throw ValidationError("--live prints one NDJSON line a change; --format, --jq, --from, --to, --explain and --query do not go with it")
            }
        }
        let live = try await SourceResolver.standard.listFeed(request, list: list)
        try await printChanges(of: live.feed, completes: live.completes)
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
