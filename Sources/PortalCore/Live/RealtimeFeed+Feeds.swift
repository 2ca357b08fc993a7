import Foundation

extension LiveFeeds {
    /// Supabase Realtime feeds (`LiveSubscription.Feed.realtime`) over `connector`, joining
    /// with the session's access token (`credentials`, nil without a session); nil for any
    /// other subscription, so makers compose.
    public static func realtime(connector: any WebSocketConnecting,
                                credentials: @escaping @Sendable () async throws -> RealtimeCredential? = { nil }) -> LiveFeeds {
        LiveFeeds { subscription in
            guard case .realtime(let endpoint, let table, let filter) = subscription.feed else { return nil }
            return RealtimeFeed(url: endpoint, settings: .init(table: table, filter: filter, keyFields: subscription.keyFields),
                                connector: connector, credentials: credentials)
        }
    }
}
