import Foundation
import PortalJSON

/// A GraphQL list's changes over a subscription (`graphql-transport-ws`), as a `LiveFeed`:
/// opens the endpoint's WebSocket (`http` → `ws`) offering the subprotocol, sends
/// `connection_init`, subscribes once `connection_ack` comes, and turns each `next` into
/// a change (`GraphQLLiveQuery.read`). The protocol's rules, client side:
///
/// - no `connection_ack` within `timing.ackTimeout`: closed with 4504 (graphql-ws's
///   client's code), reconnected;
/// - a `ping` is answered with a `pong` at once; after `timing.keepAlive` with nothing
///   from the server portal pings, and a server silent for another `keepAlive` is timed
///   out with a note and reconnected;
/// - a message the protocol does not allow (not JSON, an unknown type, a `next` before
///   the ack or for another id, binary) closes the socket with 4400 and the reason;
/// - `error` (the operation refused) and `complete` end the feed, as do the close codes
///   that say asking again is pointless (4400, 4401, 4403, 4406, 4409, 4429, 1002, 1003,
///   1007); any other end reconnects after a backoff: `initialRetry` doubled for each
///   connection in a row that gave no change, at most `maxBackoff`.
///
/// Credentials (`headers`, on the upgrade request and as `connection_init`'s
/// `{"headers": …}`, where Hasura and Apollo servers read them) go only to the list's
/// origin (`credentialOrigin`), as `EventSource` sends them. Signed in (`session`: a saved
/// API's OAuth2 client, a Supabase session), the session's access token goes with them as
/// `Authorization: Bearer`, asked of the session for each connection (renewed when due), so
/// a reconnection carries the current token.
public struct GraphQLSubscriptionFeed: LiveFeed {
    public var endpoint: URL
    public var headers: [String: String]
    public var credentialOrigin: Origin?
    public var session: (any SignedInSession)?
    public var live: GraphQLLiveQuery
    public var keyFields: [String]
    public var connector: any WebSocketConnecting
    public var timing = Timing()
    public var maxMessageBytes = GraphQLWSMessage.defaultMaxBytes
    /// Waits between connections (a test's clock records them).
    public var sleep: @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    /// The watchdog's waits: for the ack, then each keep-alive period (a test steps them).
    public var tick: @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }

    public struct Timing: Sendable, Hashable {
        public var ackTimeout: Duration = .seconds(10)
        public var keepAlive: Duration = .seconds(15)
        public var initialRetry: Duration = .seconds(1)
        public var maxBackoff: Duration = .seconds(60)
        public init() {}
    }

    /// The id of portal's one operation on a connection.
    static let operationID = "1"

    public init(endpoint: URL, headers: [String: String] = [:], credentialOrigin: Origin? = nil, live: GraphQLLiveQuery,
                keyFields: [String] = ["id"], connector: any WebSocketConnecting, session: (any SignedInSession)? = nil) {
        self.endpoint = endpoint
        self.headers = headers
        self.credentialOrigin = credentialOrigin
        self.session = session
        self.live = live
        self.keyFields = keyFields
        self.connector = connector
    }

    /// How one connection ended.
    enum Outcome: Equatable {
        /// Connect again (after the backoff); `changes` came on it.
        case retry(String, changes: Int)
        /// For good.
        case finished(String)
        /// The server turned the credentials away (4401, 4403): for good unless a signed-in
        /// feed renews its token and is let in on the next connection.
        case credentialsRefused(String)
    }

    public func follow(_ deliver: (LiveSignal) async throws -> Void) async throws -> String {
        let httpForm = URL(string: endpoint.absoluteString.replacingOccurrences(of: "^ws", with: "http", options: [.regularExpression, .caseInsensitive]))
        let sendsCredentials = credentialOrigin == nil || httpForm.flatMap { SplitURL($0.absoluteString)?.origin } == credentialOrigin
        if !sendsCredentials, !headers.isEmpty || session != nil {
            try await deliver(.status(.note("the subscription's URL is not on the list's origin: asked without the list's credentials")))
        }
        let signedIn = sendsCredentials ? session : nil
        var quiet = 0
        // The token the last connection carried, and whether that token was just renewed
        // because the server refused the one before it: a refusal of a renewed token is final.
        var (token, renewed): (String?, Bool) = (nil, false)
        while true {
            try Task.checkCancellation()
            let outcome: Outcome
            do {
                let sent = try await credentials(sendsCredentials ? headers : [:], signedIn)
                token = sent["Authorization"].map { String($0.dropFirst("Bearer ".count)) }
                let request = WebSocketRequest(url: endpoint, headers: sent, subprotocols: [GraphQLWSMessage.subprotocol], maxMessageBytes: maxMessageBytes)
                let connection = try await connector.connect(request)
                outcome = try await session(connection, credentials: sent, deliver)
            } catch let error as TransportError where error != .cancelled {
                if case .invalidRequest = error { return error.description }
                outcome = error == .sessionExpired ? .finished(error.description) : .retry(error.description, changes: 0)
            }
            if case .credentialsRefused = outcome, let signedIn, let token, !renewed {
                renewed = true
                _ = try await SessionTransport.tokens { () async throws(SessionError) in try await signedIn.renew(rejected: token) }
                continue
            }
            renewed = false
            switch outcome {
            case .finished(let why), .credentialsRefused(let why):
                try await deliver(.status(.ended(why)))
                return why
            case .retry(let why, let changes):
                quiet = changes > 0 ? 1 : quiet + 1
                let wait = min(timing.initialRetry * (1 << min(quiet - 1, 16)), max(timing.initialRetry, timing.maxBackoff))
                try await deliver(.status(.reconnecting(after: wait, because: why)))
                try await sleep(wait)
            }
        }
    }

    /// One connection's credentials: `headers`, and the session's current token as
    /// `Authorization: Bearer` (replacing a saved one).
    func credentials(_ headers: [String: String], _ session: (any SignedInSession)?) async throws -> [String: String] {
        guard let session else { return headers }
        let tokens = try await SessionTransport.tokens { () async throws(SessionError) in try await session.current() }
        return SessionTransport.signed(HTTPRequest(url: endpoint, headers: headers), tokens).headers
    }

    /// `connection_init`'s payload: the credentials as `{"headers": {…}}`, or none.
    static func initPayload(_ headers: [String: String]) -> JSONSpan? {
        guard !headers.isEmpty else { return nil }
        var w = JSONWriter()
        w.beginObject()
        w.key("headers")
        w.beginObject()
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { w.field(name, value) }
        w.endObject()
        w.endObject()
        return try? JSONNode.parse(Data(w.string.utf8))
    }
}
