import Foundation
import PortalCore

/// Supabase's key check in front of PostgREST: a request must carry the project key as
/// `apikey: KEY` or `Authorization: Bearer KEY`. Without one it is a 401; with a wrong one
/// (in either header) a 401 too, each with PostgREST's error body. The key itself never
/// appears in an answer.
///
/// With `apikeyOnly` (the mirror's signed-in users) the key is read from `apikey` alone:
/// `Authorization: Bearer` then carries a user's access token, checked elsewhere.
public struct APIKeyGate: Sendable {
    public let key: String
    public let apikeyOnly: Bool

    public init(key: String, apikeyOnly: Bool = false) {
        self.key = key
        self.apikeyOnly = apikeyOnly
    }

    /// Nil when the request may pass, else the 401 to answer.
    public func refusal(headers: [String: String]) -> HTTPResponse? {
        var given: [String] = []
        for (name, value) in headers {
            switch name.lowercased() {
            case "apikey":
                given.append(value.trimmingCharacters(in: .whitespaces))
            case "authorization" where !apikeyOnly:
                let v = value.trimmingCharacters(in: .whitespaces)
                given.append(v.lowercased().hasPrefix("bearer ") ? String(v.dropFirst(7)).trimmingCharacters(in: .whitespaces) : v)
            default:
                break
            }
        }
        let response: HTTPResponse
        if given.isEmpty {
            response = PostgRESTRules.error(401, code: "PGRST302", message: "No API key found in request",
                                            hint: "No `apikey` request header or `Authorization: Bearer` token was found.")
        } else if given.contains(where: { $0 != key }) {
            response = PostgRESTRules.error(401, code: "PGRST301", message: "Invalid API key",
                                            hint: "Double check the project's API key.")
        } else {
            return nil
        }
        var answer = response
        answer.headers["www-authenticate"] = "Bearer"
        return answer
    }
}
