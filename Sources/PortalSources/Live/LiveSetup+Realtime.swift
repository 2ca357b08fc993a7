import Foundation
import PortalCore
import PortalPresets
import PortalWebSocket
import PortalAuth

extension LiveSetup {
    /// `portal --api postgrest --base-url …/rest/v1 --table T --live` (Supabase): the browser
    /// follows the table's `postgres_changes` over Realtime (`RealtimeFeed`, as `portal list
    /// … --live` does), with the session's access token sent again whenever it is renewed.
    /// Nil when `--live` is off or the list is not a PostgREST table over HTTP.
    public static func realtime(_ on: Bool, request: SourceRequest, browseSource: any Source, session: AuthSession?) throws(SourceFailure) -> LiveSetup? {
        guard on, request.graphql == nil, request.data == nil, request.preset.kind == .postgREST,
              request.rpc == nil, let table = (browseSource as? PostgRESTSource)?.table else { return nil }
        let key = request.keyVariable?.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let api = URL(string: request.apiBaseURL.text), let endpoint = RealtimeFeed.endpoint(for: api, apiKey: key) else { return nil }
        let filter = try realtimeFilter(request.parsedFilters())
        let subscription = LiveSubscription(.realtime(endpoint: endpoint, table: table, filter: filter), kind: browseSource.tabs[0].kind)
        return LiveSetup(follows: [0: subscription], feeds: .realtime(connector: LibWebSocketsConnector(), credentials: credentials(session)))
    }

    /// `--where` as Realtime's filter: `column=op.value` joined by commas (AND).
    public static func realtimeFilter(_ filters: [PostgRESTFilter]) throws(SourceFailure) -> String? {
        guard !filters.isEmpty else { return nil }
        let allowed: Set<String> = ["eq", "neq", "lt", "lte", "gt", "gte", "in"]
        for filter in filters where filter.negated || !allowed.contains(filter.op) {
            throw .usage("--live: Realtime filters by eq, neq, lt, lte, gt, gte and in only; '\(Sanitize.line(filter.description))' cannot be followed")
        }
        return filters.map { "\($0.column)=\($0.expression)" }.joined(separator: ",")
    }

    /// The session's access token now and when to ask again (its renewal time); nil
    /// without a session (the apikey stands for it).
    public static func credentials(_ session: AuthSession?) -> @Sendable () async throws -> RealtimeCredential? {
        guard let session else { return { nil } }
        return {
            let tokens = try await session.current()
            let due = tokens.expiresAt.addingTimeInterval(-tokens.refreshMargin).timeIntervalSinceNow
            return RealtimeCredential(accessToken: tokens.accessToken, askAgainAfter: .milliseconds(Int(max(0.1, due) * 1000)))
        }
    }
}
