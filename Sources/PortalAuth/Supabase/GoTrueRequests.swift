import Foundation
import PortalCore
import PortalJSON

/// The two token requests of Supabase Auth (GoTrue), and how their answers read:
/// `POST {origin}/auth/v1/token?grant_type=password` with `{"email","password"}` and
/// `POST …?grant_type=refresh_token` with `{"refresh_token"}`, each with the project's
/// anon key as `apikey` (api-facts.md, "Supabase Auth").
public struct GoTrueRequests: Sendable {
    /// `{origin}/auth/v1`, without a trailing slash.
    public let authURL: String
    /// The project's anon key (`PORTAL_API_KEY`), sent as `apikey`; may be empty.
    let apiKey: String

    public init(authURL: String, apiKey: String) {
        self.authURL = BaseURL(authURL).text
        self.apiKey = apiKey
    }

    /// `…/auth/v1` beside a PostgREST root: `https://x.supabase.co/rest/v1` →
    /// `https://x.supabase.co/auth/v1` (the same origin). Nil for a root that is no URL.
    public static func authURL(besideRestRoot restRoot: String) -> String? {
        SplitURL(restRoot).map { $0.origin.written + "/auth/v1" }
    }

    public func password(email: String, password: String) -> HTTPRequest {
        request(grant: "password", body: ["email": email, "password": password])
    }

    public func refresh(_ refreshToken: String) -> HTTPRequest {
        request(grant: "refresh_token", body: ["refresh_token": refreshToken])
    }

    private func request(grant: String, body fields: [String: String]) -> HTTPRequest {
        var w = JSONWriter()
        w.beginObject()
        for (key, value) in fields.sorted(by: { $0.key < $1.key }) { w.field(key, value) }
        w.endObject()
        var headers = ["Content-Type": "application/json"]
        if !apiKey.isEmpty { headers["apikey"] = apiKey }
        let url = URL(string: "\(authURL)/token?grant_type=\(grant)") ?? .unservable
        return HTTPRequest(method: "POST", url: url, headers: headers, body: Data(w.bytes))
    }

    /// GoTrue's error message: `msg` (current servers), else `error_description`, else
    /// `message`, else the status. Cut to 200 characters and sanitised.
    public static func message(of response: HTTPResponse) -> String {
        let object = (try? JSONNode.parse(response.body))?.node
        let text = ["msg", "error_description", "message", "error"].lazy.compactMap { object?[$0]?.string }.first { !$0.isEmpty }
        return Sanitize.line(String((text ?? HTTPStatusText.describe(response.status)).prefix(200)))
    }

    /// PostgREST's answer to an expired token: 401 with `WWW-Authenticate: Bearer
    /// error="invalid_token", error_description="JWT expired"`, or a body whose `message`
    /// is "JWT expired" (PGRST303, PGRST301 before v12).
    public static func saysJWTExpired(_ response: HTTPResponse) -> Bool {
        guard response.status == 401 else { return false }
        if let challenge = response.header("www-authenticate"), challenge.range(of: "JWT expired", options: .caseInsensitive) != nil {
            return true
        }
        let message = (try? JSONNode.parse(response.body))?.node["message"]?.string
        return message?.caseInsensitiveCompare("JWT expired") == .orderedSame
    }
}
