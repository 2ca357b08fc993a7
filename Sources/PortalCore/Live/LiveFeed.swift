import Foundation

/// A source of a list's changes as a server pushes them: server-sent events
/// (`EventSourceFeed`), and whatever else speaks the same values (a GraphQL subscription,
/// Supabase Realtime). The browser follows any of them the same way: the interpreter runs
/// `follow` in a task it owns, coalesces the changes per display tick and hands them to
/// the list; the statuses go to the status line.
public protocol LiveFeed: Sendable {
    /// Follows the feed until it ends for good (the returned reason) or the task is
    /// cancelled (it throws then). Each change and status goes to `deliver`, in order;
    /// `deliver` may throw to stop it.
    func follow(_ deliver: (LiveSignal) async throws -> Void) async throws -> String
}

/// What a feed tells the list, in order.
public enum LiveSignal: Sendable, Hashable {
    case change(LiveChange)
    case status(LiveStatus)
}

/// The state of a feed, for the status line: `live`, `reconnecting… 4 s`, a note.
public enum LiveStatus: Sendable, Hashable {
    /// A connection is open and changes may come.
    case open
    /// The connection ended (`because`); the next is asked after `after`.
    case reconnecting(after: Duration, because: String)
    /// Something to say that does not end the feed: an event skipped (too large, not
    /// JSON, no key), credentials withheld.
    case note(String)
    /// The server says the list must be read again (`R`): it lost events, or the table
    /// was emptied.
    case reset(String)
    /// The feed ended for good (a 204, a refusal, a redirect to another origin).
    case ended(String)
}

/// What the browser asks to follow for a tab's list: which feed, and how its records
/// are read (the list's item kind and key fields). A value, so it can travel in an
/// `Effect`; the interpreter turns it into a `LiveFeed` with the maker it was given
/// (`LiveFeeds`), which holds the transport and the credentials.
public struct LiveSubscription: Sendable, Hashable, CustomStringConvertible {
    /// Where the changes come from. Another kind of feed is another case here and
    /// another branch of its maker.
    public enum Feed: Sendable, Hashable {
        /// A `text/event-stream` URL (`--events URL`, `events = "URL"`).
        case serverSentEvents(URL)
        /// Supabase Realtime: a table's `postgres_changes` at `endpoint`
        /// (`RealtimeFeed.endpoint`), its binding filtered by `filter` (`id=eq.5`).
        case realtime(endpoint: URL, table: String, filter: String?)
        /// A GraphQL subscription (`graphql-transport-ws`) at `endpoint`: `GraphQLSubscriptionFeed`.
        case graphQLSubscription(endpoint: URL, live: GraphQLLiveQuery)
    }

    public var feed: Feed
    /// The kind of the list's items (a record is read as one).
    public var kind: ItemKind
    /// The fields that key a record (`ListSpec.keyFields`).
    public var keyFields: [String]

    public init(_ feed: Feed, kind: ItemKind, keyFields: [String] = ["id"]) {
        self.feed = feed
        self.kind = kind
        self.keyFields = keyFields.isEmpty ? ["id"] : keyFields
    }

    public var description: String {
        switch feed {
        case .serverSentEvents(let url): "events \(Sanitize.line(url.absoluteString))"
        // Not the endpoint: its query holds the apikey.
        case .realtime(_, let table, let filter): "realtime \(Sanitize.line(table))" + (filter.map { " (\(Sanitize.line($0)))" } ?? "")
        case .graphQLSubscription(_, let live): "subscription \(Sanitize.line(live.field))"
        }
    }
}

/// Makes the feed a subscription names. The program builds one with its transport and
/// the list's credentials (PortalCore has no network of its own); tests build one over a
/// scripted transport.
public struct LiveFeeds: Sendable {
    private let make: @Sendable (LiveSubscription) -> (any LiveFeed)?

    public init(_ make: @escaping @Sendable (LiveSubscription) -> (any LiveFeed)?) {
        self.make = make
    }

    /// No feeds: a subscription is answered `ended`.
    public static let none = LiveFeeds { _ in nil }

    public func feed(for subscription: LiveSubscription) -> (any LiveFeed)? { make(subscription) }

    /// Server-sent events over `transport`, with `headers` (and `session`'s current token)
    /// sent only to `credentialOrigin`.
    public static func serverSentEvents(over transport: any StreamingTransport, headers: [String: String] = [:], credentialOrigin: Origin? = nil,
                                        session: (any SignedInSession)? = nil) -> LiveFeeds {
        LiveFeeds { subscription in
            switch subscription.feed {
            case .serverSentEvents(let url):
                EventSourceFeed(source: EventSource(url: url, headers: headers, credentialOrigin: credentialOrigin, session: session),
                                reader: ChangeReader(keyFields: subscription.keyFields), transport: transport)
            case .realtime, .graphQLSubscription: nil
            }
        }
    }
}

/// Server-sent events as a `LiveFeed`: `EventSource` for the connection, `ChangeReader`
/// for each event.
public struct EventSourceFeed: LiveFeed {
    public var source: EventSource
    public var reader: ChangeReader
    public var transport: any StreamingTransport

    public init(source: EventSource, reader: ChangeReader, transport: any StreamingTransport) {
        self.source = source
        self.reader = reader
        self.transport = transport
    }

    public func follow(_ deliver: (LiveSignal) async throws -> Void) async throws -> String {
        let reader = self.reader
        return try await source.run(over: transport) { signal in
            switch signal {
            case .opened: try await deliver(.status(.open))
            case .note(let note): try await deliver(.status(.note(note)))
            case .reconnecting(let after, let because): try await deliver(.status(.reconnecting(after: after, because: because)))
            case .event(let event):
                switch reader.read(event) {
                case .change(let change): try await deliver(.change(change))
                case .reset(let why): try await deliver(.status(.reset(why)))
                case .problem(let why):
                    let name = event.lastEventID.isEmpty ? "an event" : "event \(Sanitize.line(event.lastEventID))"
                    try await deliver(.status(.note("\(name): \(why)")))
                case .ignored: break
                }
            }
        }
    }
}
