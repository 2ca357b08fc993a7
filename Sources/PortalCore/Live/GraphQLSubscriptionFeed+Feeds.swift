import Foundation

extension LiveFeeds {
    /// GraphQL subscriptions over `connector`, with `headers` (and `session`'s current
    /// token) sent only to `credentialOrigin` (the list's endpoint); other feeds are left
    /// to `others`.
    public static func graphQL(over connector: any WebSocketConnecting, headers: [String: String] = [:],
                               credentialOrigin: Origin? = nil, session: (any SignedInSession)? = nil, others: LiveFeeds = .none) -> LiveFeeds {
        LiveFeeds { subscription in
            guard case .graphQLSubscription(let endpoint, let live) = subscription.feed else { return others.feed(for: subscription) }
            return GraphQLSubscriptionFeed(endpoint: endpoint, headers: headers, credentialOrigin: credentialOrigin, live: live,
                                           keyFields: subscription.keyFields, connector: connector, session: session)
        }
    }
}
