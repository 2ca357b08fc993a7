import Foundation
import Synchronization

/// The access token a Realtime channel joins with, and when to ask for it again (the
/// session's renewal time, so a renewed token is sent before the old one expires).
public struct RealtimeCredential: Sendable, Equatable {
    public var accessToken: String
    /// Ask again after this long; nil: at each heartbeat.
    public var askAgainAfter: Duration?

    public init(accessToken: String, askAgainAfter: Duration? = nil) {
        self.accessToken = accessToken
        self.askAgainAfter = askAgainAfter
    }
}

/// A table's changes over Supabase Realtime, as a `LiveFeed`: opens the WebSocket
/// (`/realtime/v1/websocket?apikey=…&vsn=1.0.0`) through any `WebSocketConnecting`, runs
/// a `RealtimeChannel` over it, sends its heartbeats, asks `credentials` for the access
/// token on each heartbeat (or when the session says it will be renewed) and sends a
/// changed one as `access_token`, and reconnects with the channel's backoff when the
/// connection drops or goes silent. Messages are read one at a time and handed on before
/// the next is read, so a slow reader holds no backlog here.
public struct RealtimeFeed: LiveFeed {
    public var url: URL
    public var headers: [String: String]
    public var settings: RealtimeChannel.Settings
    public var connector: any WebSocketConnecting
    /// The session's access token now (renewed when due); nil when there is no session
    /// (the apikey stands for the token). Throwing ends the feed: the session is over.
    public var credentials: @Sendable () async throws -> RealtimeCredential?
    /// Waits: heartbeats, backoffs, token renewals (a test's clock records them).
    public var sleep: @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }

    public init(url: URL, headers: [String: String] = [:], settings: RealtimeChannel.Settings, connector: any WebSocketConnecting,
                credentials: @escaping @Sendable () async throws -> RealtimeCredential? = { nil }) {
        self.url = url
        self.headers = headers
        self.settings = settings
        self.connector = connector
        self.credentials = credentials
    }

    /// `ws(s)://ORIGIN/realtime/v1/websocket?apikey=KEY&vsn=…` for a project whose API is
    /// at `apiURL` (its PostgREST root, `https://PROJECT.supabase.co/rest/v1`); nil for a
    /// URL that is not http(s).
    public static func endpoint(for apiURL: URL, apiKey: String?, serializer: PhoenixSerializer = .v1) -> URL? {
        guard var parts = URLComponents(url: apiURL, resolvingAgainstBaseURL: false) else { return nil }
        switch parts.scheme?.lowercased() {
        case "http", "ws": parts.scheme = "ws"
        case "https", "wss": parts.scheme = "wss"
        default: return nil
        }
        parts.path = "/realtime/v1/websocket"
        parts.fragment = nil
        parts.queryItems = (apiKey.map { [URLQueryItem(name: "apikey", value: $0)] } ?? []) + [URLQueryItem(name: "vsn", value: serializer.rawValue)]
        // `+` in a key would read as a space.
        parts.percentEncodedQuery = parts.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        return parts.url
    }

    public func follow(_ deliver: (LiveSignal) async throws -> Void) async throws -> String {
        let machine = SharedChannel(RealtimeChannel(settings))
        while true {
            try Task.checkCancellation()
            let credential: RealtimeCredential?
            do {
                credential = try await credentials()
            } catch let error where !(error is CancellationError) {
                return "the session ended: \(Sanitize.line(String(describing: error)))"
            }
            _ = machine.step { $0.tokenChanged(credential?.accessToken) }
            var after: [RealtimeChannel.Action]
            do {
                let connection = try await connector.connect(WebSocketRequest(url: url, headers: headers, maxMessageBytes: settings.maxFrameBytes))
                after = try await run(connection, machine: machine, credential: credential, deliver)
            } catch let error as TransportError where error != .cancelled {
                if case .invalidRequest = error { return error.description }
                after = machine.step { $0.connectionEnded(error.description) }
            }
            for action in after {
                switch action {
                case .reconnect(let wait, let because):
                    try await deliver(.status(.reconnecting(after: wait, because: because)))
                    try await sleep(wait)
                case .end(let why): return why
                default: break
                }
            }
        }
    }

    /// One connection, until it ends: the actions that follow (reconnect or end).
    private func run(_ connection: any WebSocketConnection, machine: SharedChannel, credential: RealtimeCredential?,
                     _ deliver: (LiveSignal) async throws -> Void) async throws -> [RealtimeChannel.Action] {
        let sleep = self.sleep
        let credentials = self.credentials
        let interval = settings.heartbeatInterval
        do {
            return try await withThrowingTaskGroup(of: Void.self) { group in
                // Joined first, so the first heartbeat finds the channel joining.
                var pending = machine.step { $0.opened() }
                group.addTask {
                    while true {
                        try await sleep(interval)
                        await Self.perform(machine.step { $0.heartbeatDue() }, on: connection)
                    }
                }
                // Without a session there is no token to renew (the apikey stands for it).
                if credential != nil { group.addTask {
                    var next = credential?.askAgainAfter
                    while true {
                        try await sleep(next ?? interval)
                        let actions: [RealtimeChannel.Action]
                        do {
                            let fresh = try await credentials()
                            next = fresh?.askAgainAfter
                            actions = machine.step { $0.tokenChanged(fresh?.accessToken) }
                        } catch let error where !(error is CancellationError) {
                            actions = machine.step { $0.credentialsFailed("the session ended: \(Sanitize.line(String(describing: error)))") }
                        }
                        await Self.perform(actions, on: connection)
                    }
                } }
                while true {
                    for action in pending {
                        switch action {
                        case .send(let text): try? await connection.send(.text(text))
                        case .signal(let signal): try await deliver(signal)
                        case .close(let because): await connection.close(code: 1000, reason: because)
                        case .rejoin(let wait, let because):
                            try await deliver(.status(.reconnecting(after: wait, because: because)))
                            group.addTask {
                                try await sleep(wait)
                                if let fresh = try? await credentials() { _ = machine.step { $0.tokenChanged(fresh.accessToken) } }
                                await Self.perform(machine.step { $0.rejoinDue() }, on: connection)
                            }
                        case .reconnect, .end:
                            group.cancelAll()
                            await connection.close(code: 1000, reason: "")
                            return [action]
                        }
                    }
                    switch try await connection.receive() {
                    case .message(.text(let text)): pending = machine.step { $0.received(text) }
                    case .message(.binary(let bytes)): pending = [.signal(.status(.note("skipped a binary frame of \(bytes.count) bytes")))]
                    case .closed(let code, let reason): pending = machine.step { $0.connectionEnded(Self.closed(code, reason)) }
                    }
                }
            }
        } catch {
            await connection.close(code: 1000, reason: "")
            throw error
        }
    }

    /// What the tasks beside the reader may do: send, or close the connection.
    private static func perform(_ actions: [RealtimeChannel.Action], on connection: any WebSocketConnection) async {
        for action in actions {
            switch action {
            case .send(let text): try? await connection.send(.text(text))
            case .close(let because): await connection.close(code: 1000, reason: because)
            default: break
            }
        }
    }

    static func closed(_ code: Int?, _ reason: String) -> String {
        let said = reason.isEmpty ? "" : ": \(Sanitize.line(reason))"
        switch code {
        case nil: return "the connection dropped\(said)"
        case 1009?: return "the server sent a message larger than the limit (closed 1009)\(said)"
        case let code?: return "the server closed the connection (\(code))\(said)"
        }
    }
}

/// The channel the reader and the timers of one feed share (each step under a lock).
final class SharedChannel: Sendable {
    private let channel: Mutex<RealtimeChannel>
    init(_ channel: RealtimeChannel) { self.channel = Mutex(channel) }
    func step<T>(_ body: (inout RealtimeChannel) -> T) -> T { channel.withLock { body(&$0) } }
}
