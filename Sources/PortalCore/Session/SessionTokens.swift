import Foundation

/// A signed-in user's session as Supabase Auth (GoTrue) answers it: the access token sent
/// as `Authorization: Bearer`, the one-use refresh token, when the access token expires,
/// and the user's id (what the caches key answers by).
///
/// Held in memory only. `description` never shows a token, so a stray print or
/// interpolation cannot leak one.
public struct SessionTokens: Sendable, Equatable, CustomStringConvertible {
    public var accessToken: String
    public var refreshToken: String
    /// When the access token stops being accepted.
    public var expiresAt: Date
    /// The access token's lifetime as the server gave it (`expires_in`), for the margin.
    public var lifetime: TimeInterval
    /// `user.id`.
    public var userID: String

    public init(accessToken: String, refreshToken: String, expiresAt: Date, lifetime: TimeInterval, userID: String) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.expiresAt = expiresAt
        self.lifetime = lifetime
        self.userID = userID
    }

    /// How long before `expiresAt` the session is renewed ahead of time: 30 s, or a
    /// quarter of a short lifetime (a 2-second token is renewed half a second early, not
    /// before every request).
    public var refreshMargin: TimeInterval { min(30, lifetime / 4) }

    /// Whether a request sent at `now` should renew first.
    public func isDue(at now: Date) -> Bool { now >= expiresAt.addingTimeInterval(-refreshMargin) }

    public var description: String { "session of user \(userID) (tokens hidden)" }
}
