import Foundation

/// How long a cached answer may be served without asking the server again.
///
/// The server's `Cache-Control` decides when it says something: `no-store` is never kept,
/// `no-cache` is always revalidated, `max-age=N` is fresh for N seconds. Otherwise the
/// default applies: one day for lists and other JSON, thirty days for images (avatars
/// never change), or `--max-age` for both.
public struct FreshnessPolicy: Sendable, Equatable {
    public var listMaxAge: TimeInterval
    public var imageMaxAge: TimeInterval

    public init(listMaxAge: TimeInterval = 86_400, imageMaxAge: TimeInterval = 30 * 86_400) {
        self.listMaxAge = listMaxAge
        self.imageMaxAge = imageMaxAge
    }

    /// One default for everything (`--max-age`).
    public init(maxAge: TimeInterval) {
        self.init(listMaxAge: maxAge, imageMaxAge: maxAge)
    }

    /// Seconds an answer with these headers stays fresh.
    public func maxAge(headers: [String: String]) -> TimeInterval {
        let control = CacheControl(headers["cache-control"])
        if control.noCache { return 0 }
        if let serverMaxAge = control.maxAge { return serverMaxAge }
        let type = headers["content-type"]?.lowercased() ?? ""
        return type.hasPrefix("image/") ? imageMaxAge : listMaxAge
    }

    /// May an answer with these headers be kept at all?
    public func mayStore(headers: [String: String]) -> Bool {
        !CacheControl(headers["cache-control"]).noStore
    }
}
