import Foundation
import PortalCore
import PortalJSON

/// OAuth2's client credentials grant (RFC 6749 §4.4): `POST token_url` with the client id
/// and secret as HTTP Basic (each form-encoded first, §2.3.1), a form body
/// `grant_type=client_credentials` (and `scope` when set), answered by `access_token`,
/// `token_type` and `expires_in` (§5.1). There is no refresh token: renewing is asking
/// again with the same credentials, and any 401 from the API asks for a new token once.
///
/// The secret is held in memory only, for the token requests; `description` never shows it.
public struct OAuth2ClientCredentialsGrant: TokenGrant, CustomStringConvertible {
    public let tokenURL: URL
    public let clientID: String
    private let clientSecret: String
    public let scope: String?

    public init(tokenURL: URL, clientID: String, clientSecret: String, scope: String? = nil) {
        self.tokenURL = tokenURL
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.scope = scope
    }

    /// The same request every time: client credentials have nothing to renew with.
    public func request(renewing stale: SessionTokens?) -> HTTPRequest? {
        let credentials = Self.formEncoded(clientID) + ":" + Self.formEncoded(clientSecret)
        var body = "grant_type=client_credentials"
        if let scope, !scope.isEmpty { body += "&scope=" + Self.formEncoded(scope) }
        let headers = [
            "Authorization": "Basic " + Data(credentials.utf8).base64EncodedString(),
            "Content-Type": "application/x-www-form-urlencoded",
            "Accept": "application/json",
        ]
        return HTTPRequest(method: "POST", url: tokenURL, headers: headers, body: Data(body.utf8))
    }

    /// §5.1: `access_token` (required), `expires_in` (optional: without it the token is
    /// kept until the API turns it away). The caches key the answers by the client.
    public func tokens(in response: HTTPResponse, receivedAt now: Date) -> SessionTokens? {
        guard let object = try? JSONNode.parse(response.body).node,
              let access = object["access_token"]?.string, !access.isEmpty else { return nil }
        if let type = object["token_type"]?.string, type.caseInsensitiveCompare("bearer") != .orderedSame { return nil }
        let lifetime = object["expires_in"]?.double
        let expiresAt = lifetime.map { now.addingTimeInterval($0) } ?? .distantFuture
        return SessionTokens(accessToken: access, refreshToken: "", expiresAt: expiresAt,
                             lifetime: lifetime ?? .greatestFiniteMagnitude, userID: "oauth2:" + clientID)
    }

    /// Any 401: the API's token is stale or revoked, whatever its wording.
    public func rejects(_ response: HTTPResponse) -> Bool { response.status == 401 }

    /// §5.2: `error_description`, else `error` (`invalid_client`, `invalid_scope`, …).
    public func refusal(_ response: HTTPResponse) -> String { GoTrueRequests.message(of: response) }

    /// `application/x-www-form-urlencoded` for one value: unreserved characters kept, a
    /// space as `+`, every other byte `%XX`.
    static func formEncoded(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "*"):
                out.unicodeScalars.append(UnicodeScalar(byte))
            case UInt8(ascii: " "):
                out.append("+")
            default:
                out += String(format: "%%%02X", byte)
            }
        }
        return out
    }

    public var description: String { "OAuth2 client \(clientID) at \(tokenURL.absoluteString) (secret hidden)" }
}
