import Foundation
import PortalCore

/// A signed-in session that renews itself, shared by every request of a run: Supabase
/// Auth's (a password, then refresh tokens) or OAuth2 client credentials' (a token asked
/// for again when due) — the grant (`TokenGrant`) says how tokens are had.
///
/// An actor, so concurrent requests agree on one session: a request that finds the access
/// token within its margin of expiry (`SessionTokens.isDue`) renews it with the refresh
/// token first, and a request turned away (`TokenGrant.rejects`: Supabase's "JWT expired",
/// any 401 for OAuth2) asks `renew(rejected:)`.
/// Either way, requests that need a renewal while one is under way wait for that one —
/// a refresh token is good once, so two refreshes would end the session.
///
/// A refresh the server refuses ends the session: every later request fails at once with
/// `SessionError.expired` ("session expired — sign in again") and nothing more is sent.
/// No answer at all (the network) is passed up as it is and leaves the session as it was,
/// so the retry loop can try again. Tokens live only here, in memory.
public actor AuthSession {
    /// How tokens are had and a rejection is known.
    public nonisolated let grant: any TokenGrant
    /// Reaches the auth server: the network, never a cache.
    private let transport: any Transport
    private let now: @Sendable () -> Date
    private var tokens: SessionTokens?
    private var ended = false
    private var renewal: Task<SessionTokens, any Error>?
    /// Refreshes sent (tests count them; each is one request).
    public private(set) var refreshes = 0

    public init(requests: GoTrueRequests, transport: any Transport, now: @escaping @Sendable () -> Date = { Date() }) {
        self.init(grant: requests, transport: transport, now: now)
    }

    /// A session of any grant; one that needs no password (OAuth2 client credentials) gets
    /// its first tokens from `start()` or the first request.
    public init(grant: any TokenGrant, transport: any Transport, now: @escaping @Sendable () -> Date = { Date() }) {
        self.grant = grant
        self.transport = transport
        self.now = now
    }

    /// The user's id once signed in.
    public var userID: String? { tokens?.userID }

    /// Signs in with the password grant; the password is used for this one request and
    /// not kept.
    @discardableResult
    public func signIn(email: String, password: String) async throws(SessionError) -> String {
        guard let requests = grant as? GoTrueRequests else { throw .malformed("this session signs in without a password") }
        let response: HTTPResponse
        do {
            response = try await transport.send(requests.password(email: email, password: password))
        } catch let error as TransportError {
            throw .transport(error)
        } catch {
            throw .transport(.connectionFailed("\(error)"))
        }
        guard (200..<300).contains(response.status) else { throw .signInRefused(GoTrueRequests.message(of: response)) }
        guard let signedIn = SessionTokens.decode(response.body, receivedAt: now()) else {
            throw .malformed("the auth server's answer has no session")
        }
        tokens = signedIn
        ended = false
        return signedIn.userID
    }

    /// The first tokens of a grant that needs no password (OAuth2 client credentials),
    /// asked for before anything else so a refusal is one clear line ("sign-in failed:
    /// invalid_client"), not a failed page.
    public func start() async throws(SessionError) {
        guard tokens == nil, let request = grant.request(renewing: nil) else { return }
        let response: HTTPResponse
        do {
            response = try await transport.send(request)
        } catch let error as TransportError {
            throw .transport(error)
        } catch {
            throw .transport(.connectionFailed("\(error)"))
        }
        guard (200..<300).contains(response.status) else { throw .signInRefused(grant.refusal(response)) }
        guard let first = grant.tokens(in: response, receivedAt: now()) else { throw .malformed("the token endpoint's answer has no access token") }
        tokens = first
        ended = false
    }

    /// The session to send a request with now: renewed first when it is due (or had first
    /// when the grant needs no sign-in and none was had yet).
    public func current() async throws(SessionError) -> SessionTokens {
        guard !ended else { throw .expired }
        guard let tokens else {
            if grant.request(renewing: nil) != nil { return try await renew(from: nil) }
            throw .expired
        }
        if tokens.isDue(at: now()) { return try await renew(from: tokens) }
        return tokens
    }

    /// After a rejection (`TokenGrant.rejects`) of a request sent with `rejected`: one renewal, shared by
    /// every request that was turned away with the same token. When the session was
    /// already renewed meanwhile, the new one is returned without asking again.
    public func renew(rejected: String) async throws(SessionError) -> SessionTokens {
        guard !ended, let tokens else { throw .expired }
        if tokens.accessToken != rejected { return tokens }
        return try await renew(from: tokens)
    }

    /// Renews `stale` (nil: has the first tokens), or joins the renewal already under way.
    private func renew(from stale: SessionTokens?) async throws(SessionError) -> SessionTokens {
        let task: Task<SessionTokens, any Error>
        if let renewal {
            task = renewal
        } else {
            guard let request = grant.request(renewing: stale) else { throw .expired }
            refreshes += 1
            let transport = self.transport
            let now = self.now
            let grant = self.grant
            task = Task {
                let response = try await transport.send(request)
                guard (200..<300).contains(response.status) else { throw SessionError.expired }
                guard let fresh = grant.tokens(in: response, receivedAt: now()) else { throw SessionError.expired }
                return fresh
            }
            renewal = task
        }
        do {
            let fresh = try await task.value
            if renewal == task {
                renewal = nil
                tokens = fresh
            }
            return tokens ?? fresh
        } catch {
            if renewal == task { renewal = nil }
            if let error = error as? TransportError { throw .transport(error) }
            ended = true
            tokens = nil
            throw .expired
        }
    }
}

extension AuthSession: SignedInSession {
    /// The grant's rule: Supabase's "JWT expired", any 401 for OAuth2.
    public nonisolated func rejects(_ response: HTTPResponse) -> Bool { grant.rejects(response) }
}
