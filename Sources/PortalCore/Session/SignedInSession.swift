/// A signed-in session as the requests sent with it see it (`SessionTransport`,
/// `SessionStreamingTransport`, the live feeds): the tokens to send now, one renewal after
/// a rejection, and which answers are rejections.
///
/// A protocol so PortalCore names no grant: PortalAuth's `AuthSession` (Supabase Auth's
/// password and refresh tokens, OAuth2 client credentials) is the one kind, and sits above
/// PortalCore with the grants.
public protocol SignedInSession: Sendable {
    /// The tokens to send a request with now: renewed first when they are due.
    func current() async throws(SessionError) -> SessionTokens
    /// After a rejection of a request sent with the access token `rejected`: one renewal,
    /// shared by every request turned away with the same token.
    func renew(rejected: String) async throws(SessionError) -> SessionTokens
    /// Whether the API's `response` means the token it was sent with is no longer good.
    func rejects(_ response: HTTPResponse) -> Bool
}
