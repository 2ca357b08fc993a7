import Foundation
import PortalCore
import PortalServers
import Synchronization
import PortalJSON

/// OAuth2 client credentials (RFC 6749 §4.4) as the mirror plays it, for `--oauth-client
/// ID:SECRET`: `POST /oauth/token` with the client as HTTP Basic (or `client_id` and
/// `client_secret` in the form, §2.3.1) and `grant_type=client_credentials` answers a
/// random bearer token that lives `--token-ttl` seconds (§5.1), and every API route then
/// needs one as `Authorization: Bearer` — a missing, unknown or expired token is 401 with
/// `WWW-Authenticate: Bearer error="invalid_token"` (RFC 6750 §3).
///
/// Tokens are held here, in memory, with their expiry; nothing is logged or written.
public final class MirrorOAuth: Sendable {
    public struct Client: Sendable, Hashable {
        public var id: String
        public var secret: String
        public init(id: String, secret: String) {
            self.id = id
            self.secret = secret
        }
    }

    public let clients: [Client]
    public let tokenTTL: TimeInterval
    private let now: @Sendable () -> Date
    private let issued = Mutex<[String: Date]>([:])
    /// Token requests answered with a token (tests count them).
    public var tokensIssued: Int { issuedCount.withLock { $0 } }
    private let issuedCount = Mutex(0)

    public init(clients: [Client], tokenTTL: TimeInterval, now: @escaping @Sendable () -> Date = { Date() }) {
        self.clients = clients
        self.tokenTTL = tokenTTL
        self.now = now
    }

    /// Answers `POST /oauth/token` (§4.4.2, §5.1, §5.2).
    public func token(headers: [String: String], body: Data?) -> HTTPResponse {
        let form = QueryString.pairs(Substring(String(decoding: body ?? Data(), as: UTF8.self)))
        func field(_ name: String) -> String? { form.first { $0.key == name }?.value }
        var id = field("client_id")
        var secret = field("client_secret")
        if let basic = Self.basicCredentials(headers) {
            id = basic.id
            secret = basic.secret
        }
        guard let id, let secret, clients.contains(Client(id: id, secret: secret)) else {
            var response = Self.error(401, "invalid_client", "Client authentication failed.")
            response.headers["www-authenticate"] = "Basic realm=\"portal-mirror\""
            return response
        }
        guard let grant = field("grant_type") else { return Self.error(400, "invalid_request", "grant_type is missing.") }
        guard grant == "client_credentials" else { return Self.error(400, "unsupported_grant_type", "Only client_credentials is served.") }
        let token = MirrorAuth.randomToken(bytes: 24)
        let issuedAt = now()
        issued.withLock { tokens in
            // Tokens long expired are forgotten as new ones are issued.
            tokens = tokens.filter { $0.value > issuedAt.addingTimeInterval(-3600) }
            tokens[token] = issuedAt.addingTimeInterval(tokenTTL)
        }
        issuedCount.withLock { $0 += 1 }
        var w = JSONWriter()
        w.beginObject()
        w.field("access_token", token)
        w.field("token_type", "Bearer")
        w.key("expires_in"); w.raw(MirrorAuth.number(tokenTTL).utf8)
        if let scope = field("scope") { w.field("scope", scope) }
        w.endObject()
        var response = RickAndMortyRules.json(200, w.bytes)
        response.headers["cache-control"] = "no-store"
        response.headers["pragma"] = "no-cache"
        return response
    }

    /// Nil when the request carries a live token of ours, else the 401 to answer.
    public func refusal(headers: [String: String]) -> HTTPResponse? {
        let authorization = headers.first { $0.key.lowercased() == "authorization" }?.value.trimmingCharacters(in: .whitespaces) ?? ""
        guard authorization.lowercased().hasPrefix("bearer ") else {
            var response = Self.error(401, "invalid_request", "A bearer token from /oauth/token is required.")
            response.headers["www-authenticate"] = "Bearer realm=\"portal-mirror\""
            return response
        }
        let token = String(authorization.dropFirst(7)).trimmingCharacters(in: .whitespaces)
        let expiresAt = issued.withLock { $0[token] }
        guard let expiresAt, now() < expiresAt else {
            let why = expiresAt == nil ? "The access token is not one this server issued." : "The access token expired."
            var response = Self.error(401, "invalid_token", why)
            response.headers["www-authenticate"] = "Bearer realm=\"portal-mirror\", error=\"invalid_token\", error_description=\"\(why)\""
            return response
        }
        return nil
    }

    /// `Authorization: Basic base64(id:secret)`, each part form-decoded (§2.3.1).
    static func basicCredentials(_ headers: [String: String]) -> (id: String, secret: String)? {
        guard let value = headers.first(where: { $0.key.lowercased() == "authorization" })?.value.trimmingCharacters(in: .whitespaces),
              value.lowercased().hasPrefix("basic "),
              let data = Data(base64Encoded: String(value.dropFirst(6)).trimmingCharacters(in: .whitespaces)),
              let text = String(data: data, encoding: .utf8), let colon = text.firstIndex(of: ":") else { return nil }
        return (QueryString.decode(text[..<colon]), QueryString.decode(text[text.index(after: colon)...]))
    }

    /// §5.2's error body: `{"error": "…", "error_description": "…"}`.
    static func error(_ status: Int, _ code: String, _ description: String) -> HTTPResponse {
        var w = JSONWriter()
        w.beginObject()
        w.field("error", code)
        w.field("error_description", description)
        w.endObject()
        var response = RickAndMortyRules.json(status, w.bytes)
        response.headers["cache-control"] = "no-store"
        return response
    }
}
