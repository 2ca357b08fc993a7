import Foundation
import PortalCore
import PortalCurl
import PortalWebSocket

extension LiveSetup {
    /// `portal --api postgrest --base-url …/rest/v1 --table T --live` (Supabase): the browser
    /// follows the table's `postgres_changes` over Realtime (`RealtimeFeed`, as `portal list
    /// … --live` does), with the session's access token sent again whenever it is renewed.
    /// Nil when `--live` is off or the list is not a PostgREST table over HTTP.
    static func realtime(_ on: Bool, options: SourceOptions, browseSource: any Source, session: AuthSession?) throws -> LiveSetup? {
        guard on, options.graphQL.graphql == nil, options.data == nil, options.api.kind == .postgREST,
              options.supabase.rpc == nil, let table = (browseSource as? PostgRESTSource)?.table else { return nil }
        let key = options.apiOptions.keyVariable(in: ProcessInfo.processInfo.environment)?.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let api = URL(string: options.apiBaseURL.text), let endpoint = RealtimeFeed.endpoint(for: api, apiKey: key) else { return nil }
        let filter = try ListCommand.realtimeFilter(options.apiOptions.filters())
        let subscription = LiveSubscription(.realtime(endpoint: endpoint, table: table, filter: filter), kind: browseSource.tabs[0].kind)
        return LiveSetup(follows: [0: subscription], feeds: .realtime(connector: LibWebSocketsConnector(), credentials: Self.credentials(session)))
    }

    /// The session's access token now and when to ask again (its renewal time); nil
    /// without a session (the apikey stands for it).
    static func credentials(_ session: AuthSession?) -> @Sendable () async throws -> RealtimeCredential? {
        guard let session else { return { nil } }
        return {
            let tokens = try await session.current()
            let due = tokens.expiresAt.addingTimeInterval(-tokens.refreshMargin).timeIntervalSinceNow
            return RealtimeCredential(accessToken: tokens.accessToken, askAgainAfter: .milliseconds(Int(max(0.1, due) * 1000)))
        }
    }
}
