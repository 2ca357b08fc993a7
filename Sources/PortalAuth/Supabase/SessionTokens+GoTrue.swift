import Foundation
import PortalCore
import PortalJSON

extension SessionTokens {
    /// The GoTrue token answer: `access_token`, `refresh_token`, `expires_in` and/or
    /// `expires_at` (unix seconds), `user.id`. The expiry is the earlier of the two when
    /// both are given: `expires_at` is in whole seconds on the server's clock, `expires_in`
    /// counts from the answer's arrival.
    /// Nil when a field is missing.
    public static func decode(_ body: Data, receivedAt now: Date) -> SessionTokens? {
        guard let object = try? JSONNode.parse(body).node,
              let access = object["access_token"]?.string, !access.isEmpty,
              let refresh = object["refresh_token"]?.string, !refresh.isEmpty,
              let id = object["user"]?["id"]?.string, !id.isEmpty
        else { return nil }
        let expiresIn = object["expires_in"]?.double
        let expiresAt = object["expires_at"]?.double.map { Date(timeIntervalSince1970: $0) }
        let ends = [expiresAt, expiresIn.map { now.addingTimeInterval($0) }].compactMap { $0 }
        guard let end = ends.min() else { return nil }
        let lifetime = expiresIn ?? max(0, end.timeIntervalSince(now))
        return SessionTokens(accessToken: access, refreshToken: refresh, expiresAt: end, lifetime: lifetime, userID: id)
    }
}
