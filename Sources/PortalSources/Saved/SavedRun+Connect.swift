import Foundation
import PortalCore
import PortalCurl
import PortalAuth

/// A saved API's sign-in, and which origins its credentials go to (issue 35, item 7): the
/// file names `url`, the `openapi` document's or the `graphql` endpoint's own origin and
/// each list's; an OpenAPI document's `servers` naming another origin is asked without the
/// saved headers, and the browser's status line says so on that tab, as for `--openapi`.
extension SavedRun {
    /// `given` (the command's own `--trace` and caches) with this API's sign-in: OAuth2's
    /// first token or Supabase's password sign-in is had now, so a refusal is one line
    /// before anything else; every later token request goes straight to the network
    /// (traced, never cached), as Supabase's does with `--email`.
    public func connect(_ given: Connection, offline: Bool) async throws(SourceFailure) -> Connection {
        // The saved headers go only to the origins the file names (`url`, the document's
        // or endpoint's own, each list's).
        let made = Connection(transport: CredentialScopeTransport(wrapping: given.transport, scope: credentialScope), tracer: given.tracer,
                              session: given.session, email: given.email, remember: given.remember)
        guard let root = apiRoot, resolved.oauth2 != nil || resolved.supabase != nil else { return made }
        let network: any Transport = made.tracer.map { $0.tracing(CurlTransport()) } ?? CurlTransport()
        if let grant = resolved.oauth2 {
            if offline {
                // Offline nothing is sent: the answers are found under the client they were had as.
                let transport = OfflineUserTransport(wrapping: made.transport, userID: "oauth2:" + grant.clientID, apiRoot: root)
                return Connection(transport: transport, tracer: made.tracer)
            }
            let session = AuthSession(grant: grant, transport: network)
            do { try await session.start() } catch { throw .runtime(error.description) }
            let transport = SessionTransport(wrapping: made.transport, session: session, apiRoot: root)
            return Connection(transport: transport, tracer: made.tracer, session: session)
        }
        guard let supabase = resolved.supabase, let authURL = GoTrueRequests.authURL(besideRestRoot: root) else { return made }
        if offline { throw .runtime("--offline: a saved Supabase sign-in needs the network (use portal --email --offline)") }
        let session = AuthSession(requests: GoTrueRequests(authURL: authURL, apiKey: supabase.key ?? ""), transport: network)
        do { try await session.signIn(email: supabase.email, password: supabase.password) } catch { throw .runtime(error.description) }
        let transport = SessionTransport(wrapping: made.transport, session: session, apiRoot: root)
        // The session rides along for the live feeds (its email is nil: nothing signs in again).
        return Connection(transport: transport, tracer: made.tracer, session: session)
    }

    /// The saved headers with the origins the file names.
    public var credentialScope: CredentialScope {
        CredentialScope(headers: resolved.headers.fields, named: [api.url, api.openapi, api.graphql].compactMap { $0 } + resolved.tabs.map(\.url))
    }

    /// Tab index → `served from ORIGIN · gets no credentials`, for each tab whose first
    /// page is on an origin the file does not name; nothing when no header is saved.
    public func untrustedOriginNotes(of source: any Source) -> [Int: String] {
        resolved.headers.fields.isEmpty ? [:] : credentialScope.originNotes(of: source)
    }

    /// Whether `url` is on the origin the saved sign-in's token goes to (`apiRoot`'s): a
    /// live feed there gets the session's token too.
    public func sessionSigns(_ url: String) -> Bool {
        guard let root = apiRoot.flatMap(SplitURL.init)?.origin else { return false }
        return SplitURL(url)?.origin == root
    }
}
