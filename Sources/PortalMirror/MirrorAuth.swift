import Foundation
import PortalCore
import PortalServers
import Synchronization
import PortalJSON

/// Supabase Auth (GoTrue) as the mirror plays it, for `--auth-user EMAIL:PASSWORD`:
/// `POST /auth/v1/token?grant_type=password|refresh_token` answer GoTrue's session shape
/// and error bodies (api-facts.md, "Supabase Auth"), and every `/rest/v1` request must then
/// carry a user's access token as `Authorization: Bearer` — which expires after
/// `--token-ttl` seconds with PostgREST's 401 "JWT expired".
///
/// Tokens are random and held here, in memory, with their user and expiry; a refresh
/// token is good once (a spent one answers 400 `refresh_token_already_used`). Nothing
/// here is logged or written anywhere.
public final class MirrorAuth: Sendable {
    public struct User: Sendable, Hashable {
        public var email: String
        public var password: String
        /// A stable UUID made from the email, so a user's id is the same in every run.
        public var id: String

        public init(email: String, password: String) {
            self.email = email
            self.password = password
            self.id = Self.uuid(for: email)
        }

        static func uuid(for email: String) -> String {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            var second: UInt64 = 0x8422_2325_cbf2_9ce4
            for byte in email.lowercased().utf8 {
                hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
                second = (second ^ UInt64(byte)) &* 0x100_0000_01b3 &+ 7
            }
            let hex = String(format: "%016llx%016llx", hash, second)
            let chars = Array(hex)
            func part(_ from: Int, _ to: Int) -> String { String(chars[from..<to]) }
            return "\(part(0, 8))-\(part(8, 12))-4\(part(13, 16))-a\(part(17, 20))-\(part(20, 32))"
        }
    }

    private struct Issued {
        var user: Int
        var expiresAt: Date
    }

    private struct Tokens {
        var access: [String: Issued] = [:]
        /// Refresh token → (user, spent).
        var refresh: [String: (user: Int, spent: Bool)] = [:]
    }

    public let users: [User]
    public let tokenTTL: TimeInterval
    private let now: @Sendable () -> Date
    private let tokens = Mutex(Tokens())

    public init(users: [User], tokenTTL: TimeInterval, now: @escaping @Sendable () -> Date = { Date() }) {
        self.users = users
        self.tokenTTL = tokenTTL
        self.now = now
    }

    // MARK: /auth/v1/token

    /// Answers `POST /auth/v1/token?grant_type=…` with its JSON body.
    public func token(query: [(key: String, value: String)], body: Data?) -> HTTPResponse {
        let grant = query.first { $0.key == "grant_type" }?.value ?? ""
        let object = body.flatMap { try? JSONNode.parse($0).node }
        switch grant {
        case "password":
            let email = object?["email"]?.string ?? ""
            let password = object?["password"]?.string ?? ""
            guard let index = users.firstIndex(where: { $0.email.caseInsensitiveCompare(email) == .orderedSame && $0.password == password }) else {
                return Self.error(400, code: "invalid_credentials", message: "Invalid login credentials")
            }
            return session(for: index)
        case "refresh_token":
            let given = object?["refresh_token"]?.string ?? ""
            let outcome: (user: Int, spent: Bool)? = tokens.withLock { tokens in
                guard let entry = tokens.refresh[given] else { return nil }
                tokens.refresh[given]?.spent = true
                return entry
            }
            guard let outcome else {
                return Self.error(400, code: "refresh_token_not_found", message: "Invalid Refresh Token: Refresh Token Not Found")
            }
            guard !outcome.spent else {
                return Self.error(400, code: "refresh_token_already_used", message: "Invalid Refresh Token: Already Used")
            }
            return session(for: outcome.user)
        default:
            return Self.error(400, code: "validation_failed", message: "unsupported_grant_type")
        }
    }

    /// A new session for user `index`: GoTrue's answer shape.
    private func session(for index: Int) -> HTTPResponse {
        let user = users[index]
        let issuedAt = now()
        let access = Self.jwt(subject: user.id, email: user.email, expires: issuedAt.addingTimeInterval(tokenTTL))
        let refresh = Self.randomToken(bytes: 16)
        tokens.withLock { tokens in
            // Expired access tokens are forgotten as new ones are issued.
            tokens.access = tokens.access.filter { $0.value.expiresAt > issuedAt.addingTimeInterval(-3600) }
            tokens.access[access] = Issued(user: index, expiresAt: issuedAt.addingTimeInterval(tokenTTL))
            tokens.refresh[refresh] = (index, false)
        }
        let created = "2026-01-01T00:00:00Z"
        var w = JSONWriter()
        w.beginObject()
        w.field("access_token", access)
        w.field("token_type", "bearer")
        w.key("expires_in"); w.raw(Self.number(tokenTTL).utf8)
        w.field("expires_at", Int(issuedAt.addingTimeInterval(tokenTTL).timeIntervalSince1970.rounded(.up)))
        w.field("refresh_token", refresh)
        w.key("user")
        w.beginObject()
        w.field("id", user.id)
        w.field("aud", "authenticated")
        w.field("role", "authenticated")
        w.field("email", user.email)
        w.field("email_confirmed_at", created)
        w.field("phone", "")
        w.key("app_metadata"); w.beginObject(); w.field("provider", "email"); w.key("providers"); w.beginArray(); w.string("email"); w.endArray(); w.endObject()
        w.key("user_metadata"); w.beginObject(); w.endObject()
        w.key("identities"); w.beginArray(); w.endArray()
        w.field("created_at", created)
        w.field("updated_at", created)
        w.key("is_anonymous"); w.bool(false)
        w.endObject()
        w.endObject()
        return RickAndMortyRules.json(200, w.bytes)
    }

    // MARK: /rest/v1

    /// Who the `Authorization: Bearer` token is, or the 401 PostgREST answers: "JWT
    /// expired" (PGRST303, with `WWW-Authenticate`) for an expired token, 42501 "permission
    /// denied" for the anon key or no token (the anon role may read nothing here), PGRST301
    /// for a token that is no session of ours.
    public func user(headers: [String: String]) -> Result<RowVisibility, ResponseError> {
        let authorization = headers.first { $0.key.lowercased() == "authorization" }?.value.trimmingCharacters(in: .whitespaces) ?? ""
        let token = authorization.lowercased().hasPrefix("bearer ") ? String(authorization.dropFirst(7)).trimmingCharacters(in: .whitespaces) : ""
        guard token.split(separator: ".").count == 3 else {
            return .failure(ResponseError(PostgRESTRules.error(401, code: "42501", message: "permission denied for table characters",
                                                               hint: "Sign in: the anon role may not read this project's rows.")))
        }
        let issued = tokens.withLock { $0.access[token] }
        guard let issued else {
            var response = PostgRESTRules.error(401, code: "PGRST301", message: "JWT could not be decoded",
                                                details: "The token is not one this server issued.")
            response.headers["www-authenticate"] = "Bearer error=\"invalid_token\", error_description=\"JWT could not be decoded\""
            return .failure(ResponseError(response))
        }
        guard now() < issued.expiresAt else {
            var response = PostgRESTRules.error(401, code: "PGRST303", message: "JWT expired")
            response.headers["www-authenticate"] = "Bearer error=\"invalid_token\", error_description=\"JWT expired\""
            return .failure(ResponseError(response))
        }
        return .success(RowVisibility(user: issued.user, users: users.count))
    }

    /// The user and expiry of an access token this server issued, nil for any other; and
    /// the time now on this server's clock (Supabase Realtime checks tokens with them).
    func issued(_ token: String) -> (user: Int, expiresAt: Date)? { tokens.withLock { $0.access[token].map { ($0.user, $0.expiresAt) } } }
    var clockNow: Date { now() }

    /// An answer to send instead of serving the request.
    public struct ResponseError: Error {
        public let response: HTTPResponse
        init(_ response: HTTPResponse) { self.response = response }
    }

    /// GoTrue's error body: `{"code": 400, "error_code": "…", "msg": "…"}`.
    static func error(_ status: Int, code: String, message: String) -> HTTPResponse {
        var w = JSONWriter()
        w.beginObject()
        w.field("code", status)
        w.field("error_code", code)
        w.field("msg", message)
        w.endObject()
        return RickAndMortyRules.json(status, w.bytes)
    }

    /// A token shaped like a Supabase JWT (header.payload.signature, base64url), with a
    /// random signature: only this server's table says what it is.
    static func jwt(subject: String, email: String, expires: Date) -> String {
        let header = base64URL(Data(#"{"alg":"HS256","typ":"JWT"}"#.utf8))
        var w = JSONWriter()
        w.beginObject()
        w.field("sub", subject)
        w.field("email", email)
        w.field("role", "authenticated")
        w.field("aud", "authenticated")
        w.field("exp", Int(expires.timeIntervalSince1970.rounded(.up)))
        w.endObject()
        return header + "." + base64URL(Data(w.bytes)) + "." + randomToken(bytes: 32)
    }

    static func randomToken(bytes count: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return base64URL(Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }))
    }

    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
