import Foundation

/// Follows a server-sent events URL for as long as the server keeps it: reads each
/// connection through `EventStreamParser`, reconnects when it drops, and stops only when
/// the server ends it for good — the HTML standard's EventSource, for a list.
///
/// - Every request asks for `text/event-stream`; a reconnection carries `Last-Event-ID`
///   (the last id dispatched) so the server can send what was missed.
/// - Reconnection waits the server's `retry:` (else `initialRetry`), doubled for each
///   connection in a row that gave no event, at most `maxBackoff`.
/// - A dropped or silent connection, or a 5xx/408/429 answer, is retried; 204 (the
///   standard's "stop reconnecting") and any other status, or an answer that is not
///   `text/event-stream`, end it for good.
/// - Credentials (`headers`) go only to the list's origin (`credentialOrigin`): an events
///   URL elsewhere is asked without them (said once), and a redirect is followed only
///   within the origin asked — one to another origin ends the stream with a note, and
///   nothing is sent there.
/// - Signed in (`session`: OAuth2 client credentials, a Supabase session), the session's
///   access token goes too, by the same rule, as `Authorization: Bearer`: asked of the
///   session for each connection, so a reconnection after a renewal carries the new token,
///   and a 401 that says the token was rejected renews it once (`SessionStreamingTransport`).
public struct EventSource: Sendable {
    public var url: URL
    public var headers: [String: String]
    /// Where `headers` and the session's token may go: the list's origin.
    public var credentialOrigin: Origin?
    /// The list's signed-in session, if any.
    public var session: (any SignedInSession)?
    public var initialRetry: Duration = .seconds(3)
    public var maxBackoff: Duration = .seconds(60)
    public var maxEventBytes = EventStreamParser.defaultMaxEventBytes
    public var maxRedirects = 5
    /// Waits between connections (a test's clock records them).
    public var sleep: @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }

    public init(url: URL, headers: [String: String] = [:], credentialOrigin: Origin? = nil, session: (any SignedInSession)? = nil) {
        self.url = url
        self.headers = headers
        self.credentialOrigin = credentialOrigin
        self.session = session
    }

    /// What the follower tells its reader, in order.
    public enum Signal: Sendable, Equatable {
        /// A connection answered with a stream.
        case opened
        case event(ServerSentEvent)
        /// Something the reader should say (an event skipped, credentials withheld).
        case note(String)
        /// The connection ended (`because`); the next one is asked after `after`.
        case reconnecting(after: Duration, because: String)
    }

    /// Follows the stream, handing each signal to `deliver` (which may throw to stop), and
    /// returns why it ended for good. Cancelling the task stops it (a `CancellationError`
    /// or `TransportError.cancelled` is thrown).
    public func run(over transport: any StreamingTransport, _ deliver: (Signal) async throws -> Void) async throws -> String {
        var parser = EventStreamParser(maxEventBytes: maxEventBytes)
        var retry = initialRetry
        var quietConnections = 0
        let sendsCredentials = credentialOrigin == nil || SplitURL(url.absoluteString)?.origin == credentialOrigin
        if !sendsCredentials, !headers.isEmpty || session != nil {
            try await deliver(.note("the events URL is not on the list's origin: asked without the list's credentials"))
        }
        let transport: any StreamingTransport = sendsCredentials ? session.map { SessionStreamingTransport(inner: transport, session: $0) } ?? transport : transport
        while true {
            try Task.checkCancellation()
            var request = HTTPRequest(url: url, headers: sendsCredentials ? headers : [:])
            if !parser.lastEventID.isEmpty { request.headers["Last-Event-ID"] = parser.lastEventID }
            let why: String
            switch try await connect(request, transport) {
            case .finished(let reason):
                return reason
            case .failed(let reason):
                why = reason
            case .streaming(let body):
                try await deliver(.opened)
                var events = 0
                do {
                    while let chunk = try await body.next() {
                        var items: [EventStreamItem] = []
                        chunk.withUnsafeBytes { parser.feed($0) { items.append($0) } }
                        for item in items {
                            switch item {
                            case .event(let event):
                                events += 1
                                try await deliver(.event(event))
                            case .retry(let milliseconds):
                                retry = .milliseconds(min(milliseconds, 3_600_000))
                            case .tooLarge(let limit):
                                try await deliver(.note(EventStreamItem.tooLargeNote(limit: limit)))
                            }
                        }
                    }
                    why = "the server ended the stream"
                } catch let error as TransportError where error != .cancelled {
                    why = error.description
                } catch {
                    body.close()
                    throw error
                }
                body.close()
                parser.endOfStream()
                quietConnections = events > 0 ? 0 : quietConnections
            }
            quietConnections += 1
            let wait = min(retry * (1 << min(quietConnections - 1, 16)), max(retry, maxBackoff))
            try await deliver(.reconnecting(after: wait, because: why))
            try await sleep(wait)
        }
    }

    private enum Connection {
        case streaming(StreamBody)
        /// Try again later.
        case failed(String)
        /// Do not.
        case finished(String)
    }

    /// One connection, same-origin redirects followed.
    private func connect(_ first: HTTPRequest, _ transport: any StreamingTransport) async throws -> Connection {
        var request = first
        for _ in 0...maxRedirects {
            let response: StreamingResponse
            do {
                response = try await transport.open(request)
            } catch let error as TransportError where error != .cancelled {
                switch error {
                case .invalidRequest, .sessionExpired: return .finished(error.description)
                default: return .failed(error.description)
                }
            }
            let status = response.status
            if (300...399).contains(status), status != 304 {
                response.body.close()
                guard let location = response.headers["location"], let target = URL(string: location, relativeTo: request.url)?.absoluteURL else {
                    return .finished("HTTP \(status) without a Location to follow")
                }
                guard let from = SplitURL(request.url.absoluteString)?.origin, let to = SplitURL(target.absoluteString)?.origin, from == to else {
                    return .finished("the stream redirects to another origin (\(SplitURL(target.absoluteString).map { $0.origin.written } ?? "not http")); portal does not follow it")
                }
                request.url = target
                continue
            }
            guard status == 200 else {
                response.body.close()
                if status == 204 { return .finished("the server ended the stream (HTTP 204)") }
                if status >= 500 || status == 408 || status == 429 { return .failed("HTTP \(status)") }
                return .finished("HTTP \(status)")
            }
            let type = response.headers["content-type"]?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
            guard type == "text/event-stream" else {
                response.body.close()
                return .finished("the answer is \(Sanitize.line(type ?? "of no type")), not text/event-stream")
            }
            return .streaming(response.body)
        }
        return .finished("more than \(maxRedirects) redirects")
    }
}
