import Foundation

/// Sends every request to the API as the signed-in user: the project's key stays as
/// `apikey`, the session's access token goes as `Authorization: Bearer`, and the user's id
/// as `HTTPRequest.cacheIdentity`, so the caches keep users apart and keep one user's
/// answers across token refreshes.
///
/// The session renews itself (PortalAuth's `AuthSession`): ahead of expiry before a request, and once
/// after a rejection (`TokenGrant.rejects`: a 401 that says the JWT expired for Supabase,
/// any 401 for OAuth2) — then the request is sent once more with the new token, never
/// more; a second 401 is the answer. OAuth2 client credentials go the same way. A session that cannot be renewed fails
/// the request with `TransportError.sessionExpired` ("session expired — sign in again").
///
/// It sits outside the caches (a cache must see the identity) and adds the token only to
/// requests for the API's own origin.
public struct SessionTransport: Transport {
    private let inner: any Transport
    public let session: any SignedInSession
    private let origin: Origin?

    /// `apiRoot` is the API's root (PostgREST's `…/rest/v1`): only its origin gets the token.
    public init(wrapping inner: any Transport, session: any SignedInSession, apiRoot: String) {
        self.inner = inner
        self.session = session
        self.origin = SplitURL(apiRoot)?.origin
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard let origin, SplitURL(request.url.absoluteString)?.origin == origin else { return try await inner.send(request) }
        let tokens = try await Self.tokens { () async throws(SessionError) in try await session.current() }
        let response = try await inner.send(Self.signed(request, tokens))
        guard session.rejects(response) else { return response }
        let renewed = try await Self.tokens { () async throws(SessionError) in try await session.renew(rejected: tokens.accessToken) }
        return try await inner.send(Self.signed(request, renewed))
    }

    /// The session's tokens, or the transport error a failure means to the retry loop.
    static func tokens(_ get: () async throws(SessionError) -> SessionTokens) async throws(TransportError) -> SessionTokens {
        do {
            return try await get()
        } catch {
            switch error {
            case .transport(let failure): throw failure
            case .expired, .signInRefused, .malformed: throw .sessionExpired
            }
        }
    }

    static func signed(_ request: HTTPRequest, _ tokens: SessionTokens) -> HTTPRequest {
        var signed = request
        for name in signed.headers.keys where name.caseInsensitiveCompare("Authorization") == .orderedSame {
            signed.headers.removeValue(forKey: name)
        }
        signed.headers["Authorization"] = "Bearer \(tokens.accessToken)"
        signed.cacheIdentity = tokens.userID
        return signed
    }
}
