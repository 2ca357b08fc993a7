import Foundation
import PortalCore

/// Who an address signed in as, remembered by the disk cache so `--offline --email` can
/// find that user's answers without asking the auth server.
///
/// A signed-in user's answers are kept under their user id (`HTTPRequest.cacheIdentity`,
/// set by `SessionTransport`), which only a sign-in tells. Each sign-in stores the id it
/// got for the address as a row of its own (a request no server is ever sent: method
/// `IDENTITY`, the auth URL, the address in a header, so the key holds it only as an HMAC
/// under the install's secret). The id is no secret (it is in every token), the address
/// is not stored in the clear, and no password or token is. An address never signed in
/// here has no row: offline it shows nothing, never another user's answers. A later
/// sign-in of the same address as another user replaces the row.
extension DiskCache {
    /// Remembers that `email` signed in at `authURL` as `userID`.
    public func remember(userID: String, email: String, authURL: String) {
        guard let request = Self.identityRequest(email: email, authURL: authURL) else { return }
        let response = HTTPResponse(status: 200, headers: ["content-type": "text/plain"], body: Data(userID.utf8))
        store(StoredAnswer(key: key(for: request), url: request.url, response: response, now: Date()))
    }

    /// The user id `email` last signed in as at `authURL`, if it ever did with this cache.
    public func rememberedUser(email: String, authURL: String) -> String? {
        guard let request = Self.identityRequest(email: email, authURL: authURL),
              let kept = answer(for: key(for: request)) else { return nil }
        let id = String(decoding: kept.body, as: UTF8.self)
        return id.isEmpty ? nil : id
    }

    /// The pseudo-request the identity is kept under: addresses compare without case.
    private static func identityRequest(email: String, authURL: String) -> HTTPRequest? {
        guard let url = URL(string: BaseURL(authURL).text + "/user") else { return nil }
        return HTTPRequest(method: "IDENTITY", url: url, headers: ["X-Portal-Email": email.lowercased()])
    }
}
