/// Why a page did not arrive. `isTransient` failures are retried by `RetryPolicy`.
public struct PageFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The class of failure, which decides whether it is retried and how it is shown.
    public enum Kind: Sendable, Equatable {
        /// The server answered with an error status.
        case http(status: Int)
        /// No answer: timeout, refused or dropped connection, body too large.
        case transport(TransportError)
        /// An answer that is not the expected JSON (or was cut off).
        case malformed
        /// A `next` link pointing at another origin; never followed.
        case foreignLink
        /// A `next` link that would make the list go round or wander (`PageLinkGuard`):
        /// a page already asked for, a step backwards, another list's path, or one empty
        /// page too many.
        case refusedNext
    }

    public var kind: Kind
    /// One line, free of control and hidden characters: it often quotes the server (a
    /// decoding error naming a URL from the body, a `message`), and it is printed as it is
    /// by `portal list` and drawn by the UI. Sanitised when set (`Sanitize.line`), so no
    /// call site can let a quoted control character through.
    public var message: String {
        didSet { message = Sanitize.line(message) }
    }
    /// The server's `Retry-After`, in seconds.
    public var retryAfter: Double?

    public init(_ kind: Kind, _ message: String, retryAfter: Double? = nil) {
        self.kind = kind
        self.message = Sanitize.line(message)
        self.retryAfter = retryAfter
    }

    /// Worth retrying automatically: 5xx, 429, no answer, a truncated or undecodable body.
    public var isTransient: Bool {
        switch kind {
        case .http(let status): status == 429 || status >= 500
        case .transport(.bodyTooLarge), .transport(.cancelled), .transport(.notServed), .transport(.notInCache),
             .transport(.invalidRequest), .transport(.malformedAnswer),
             .transport(.sessionExpired): false
        case .transport: true
        case .malformed: true
        case .foreignLink, .refusedNext: false
        }
    }

    public var description: String { message }
}
