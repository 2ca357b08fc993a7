import Foundation
import PortalCore

/// How a session gets its tokens and knows a rejected one: Supabase Auth's refresh grant
/// (`GoTrueRequests`) or OAuth2 client credentials (`OAuth2ClientCredentialsGrant`).
///
/// One protocol so both sign-ins run in the same machinery (`AuthSession` renews ahead of
/// expiry and once after a rejection, sharing one renewal between concurrent requests;
/// `SessionTransport` signs and retries once), instead of a second session per grant.
public protocol TokenGrant: Sendable {
    /// The request for new tokens replacing `stale`; `stale` is nil for the first tokens.
    /// Nil when this grant cannot get tokens that way (Supabase needs a password first).
    func request(renewing stale: SessionTokens?) -> HTTPRequest?
    /// The tokens in a 2xx answer to `request(renewing:)`; nil when it is not that shape.
    func tokens(in response: HTTPResponse, receivedAt now: Date) -> SessionTokens?
    /// Whether the API's `response` means the token it was sent with is no longer good, so
    /// new tokens and one retry are due.
    func rejects(_ response: HTTPResponse) -> Bool
    /// A refused token request's reason, as one sanitised line naming no secret.
    func refusal(_ response: HTTPResponse) -> String
}

extension GoTrueRequests: TokenGrant {
    /// A refresh with the stale session's one-use refresh token; none before sign-in.
    public func request(renewing stale: SessionTokens?) -> HTTPRequest? {
        stale.map { refresh($0.refreshToken) }
    }

    public func tokens(in response: HTTPResponse, receivedAt now: Date) -> SessionTokens? {
        SessionTokens.decode(response.body, receivedAt: now)
    }

    /// PostgREST's "JWT expired" only: another 401 (a permission) is the answer.
    public func rejects(_ response: HTTPResponse) -> Bool { Self.saysJWTExpired(response) }

    public func refusal(_ response: HTTPResponse) -> String { Self.message(of: response) }
}
