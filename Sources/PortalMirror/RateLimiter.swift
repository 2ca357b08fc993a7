import Foundation
import Synchronization

/// At most `limit` requests per client IP in each window of `window` seconds (wall clock,
/// windows starting at multiples of `window` seconds since the epoch), and what to tell
/// the client about it: every answer carries the headers of the chosen style
/// (`MirrorRateHeaders`), a refused one a 429 with `Retry-After` until the window ends.
/// `--rate-limit N/WINDOW` (docs/mirror.md, "Rate limits"); `--rate-limit N` is N a second.
public final class RateLimiter: Sendable {
    /// One request's place in its window.
    public struct Count: Sendable, Equatable {
        public var admitted: Bool
        public var limit: Int
        /// Requests left in the window after this one (0 when refused).
        public var remaining: Int
        /// Requests made in the window, this one included (refused ones too).
        public var used: Int
        /// Whole seconds until the window ends (at least 1).
        public var resetIn: Int
        /// When the window ends, in epoch seconds.
        public var resetAt: Int64
    }

    public let limit: Int
    /// The window's length in seconds.
    public let window: Int
    public let headers: MirrorRateHeaders
    private let windows = Mutex<[String: (index: Int64, count: Int)]>([:])
    private let clock: @Sendable () -> Int64

    public init(limit: Int, window: Int = 1, headers: MirrorRateHeaders = .ietf,
                clock: @escaping @Sendable () -> Int64 = { RateLimiter.currentSecond() }) {
        self.limit = limit
        self.window = max(1, window)
        self.headers = headers
        self.clock = clock
    }

    /// Counts one request from `client`; false when it is over the limit.
    public func admit(_ client: String) -> Bool { count(client).admitted }

    /// Counts one request from `client`, and where that leaves its window.
    public func count(_ client: String) -> Count {
        let second = clock()
        let index = second / Int64(window)
        let used = windows.withLock { table in
            if table.count > 4096 { table = table.filter { $0.value.index == index } }
            var entry = table[client] ?? (index, 0)
            if entry.index != index { entry = (index, 0) }
            entry.count += 1
            table[client] = entry
            return entry.count
        }
        let resetAt = (index + 1) * Int64(window)
        return Count(admitted: used <= limit, limit: limit, remaining: max(0, limit - used), used: used,
                     resetIn: Int(max(1, resetAt - second)), resetAt: resetAt)
    }

    /// Whole seconds of wall-clock time.
    public static func currentSecond() -> Int64 {
        Int64(Date().timeIntervalSince1970.rounded(.down))
    }
}

/// The rate-limit headers the mirror sends with `--rate-limit` (`--rate-limit-headers`),
/// one per style portal reads (`RateLimit` in PortalCore).
public enum MirrorRateHeaders: String, Sendable, CaseIterable {
    /// `RateLimit-Policy: "default";q=N;w=W` and `RateLimit: "default";r=R;t=T` (the IETF
    /// draft as it is now).
    case ietf
    /// `RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset` (seconds; older drafts).
    case ietfFields = "ietf-fields"
    /// `X-RateLimit-Limit`, `-Remaining`, `-Reset` (seconds from now).
    case xRateLimit = "x-ratelimit"
    /// GitHub's: `x-ratelimit-limit`, `-remaining`, `-used`, `-reset` (epoch seconds),
    /// `-resource: core`.
    case github
    /// None: only a refused request's `Retry-After`.
    case none

    /// The headers for `count` (names lowercased, as the mirror's answers keep them).
    public func fields(_ count: RateLimiter.Count, window: Int) -> [String: String] {
        switch self {
        case .ietf:
            return ["ratelimit-policy": "\"default\";q=\(count.limit);w=\(window)",
                    "ratelimit": "\"default\";r=\(count.remaining);t=\(count.resetIn)"]
        case .ietfFields:
            return ["ratelimit-limit": "\(count.limit)", "ratelimit-remaining": "\(count.remaining)", "ratelimit-reset": "\(count.resetIn)"]
        case .xRateLimit:
            return ["x-ratelimit-limit": "\(count.limit)", "x-ratelimit-remaining": "\(count.remaining)", "x-ratelimit-reset": "\(count.resetIn)"]
        case .github:
            return ["x-ratelimit-limit": "\(count.limit)", "x-ratelimit-remaining": "\(count.remaining)",
                    "x-ratelimit-used": "\(min(count.used, count.limit))", "x-ratelimit-reset": "\(count.resetAt)",
                    "x-ratelimit-resource": "core"]
        case .none:
            return [:]
        }
    }
}
