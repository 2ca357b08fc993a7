import ArgumentParser
import Foundation
import PortalCore
import PortalCurl
import PortalSources
import PortalWebSocket

/// `portal list TABLE --api postgrest --base-url https://PROJECT.supabase.co/rest/v1 --live`
/// (with `--email` to sign in, `PORTAL_API_KEY` the project's key): follows the table's
/// `postgres_changes` over Supabase Realtime (`RealtimeFeed`: `/realtime/v1/websocket` of
/// the base URL's origin, on `LibWebSocketsConnector`) and prints each change as
/// `portal list --events` does — one NDJSON line (`LiveChange.jsonLine`), notes and
/// reconnections on stderr. Signed in, the session's access token joins the channel and is
/// sent again (`access_token`) whenever the session renews it, before the old one
/// expires. `--where` filters go to Realtime as the binding's filter (eq, neq, lt, lte,
/// gt, gte, in; others are refused: Realtime cannot apply them). Ends with status 0 on
/// `--limit`, a closed pipe or an interrupt; 1 when the feed ends for good (a refused
/// join, the session over).
extension ListCommand {
    /// Whether `--live` means Realtime here: a PostgREST table over HTTP.
    var followsRealtime: Bool { source.graphQL.graphql == nil && source.data == nil && source.request.preset.kind == .postgREST }

    func followRealtime() async throws {
        if (format != nil && format != .ndjson) || jq != nil || from != nil || to != nil || explain {
            throw ValidationError("--live prints one NDJSON line a change; --format, --jq, --from, --to and --explain do not go with it")
        }
        if source.supabase.rpc != nil { throw ValidationError("--live follows a table's changes; a function's (--rpc) have none") }
        let request = source.request
        let table = resource ?? request.tableName
        let key = request.keyVariable?.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let api = URL(string: request.apiBaseURL.text), let endpoint = RealtimeFeed.endpoint(for: api, apiKey: key) else {
            throw ValidationError("--live: '\(Sanitize.line(request.apiBaseURL.text))' is not an http(s) URL")
        }
        let made = try request.connect()
        try await made.signIn(password: SourceResolver.standard.password)
        let credentials = LiveSetup.credentials(made.session)
        let settings = RealtimeChannel.Settings(table: table, filter: try LiveSetup.realtimeFilter(request.parsedFilters()), keyFields: ListSpec().keyFields)
        let feed = RealtimeFeed(url: endpoint, settings: settings, connector: LibWebSocketsConnector(), credentials: credentials)
        try await printChanges(of: feed, completes: "")
    }
}
