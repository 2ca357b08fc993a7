import Foundation
import Synchronization

/// At most `limit` requests per client IP in each one-second window.
public final class RateLimiter: Sendable {
    public let limit: Int
    private let windows = Mutex<[String: (second: Int64, count: Int)]>([:])
    private let clock: @Sendable () -> Int64

    public init(limit: Int, clock: @escaping @Sendable () -> Int64 = { RateLimiter.currentSecond() }) {
        self.limit = limit
        self.clock = clock
    }

    /// Counts one request from `client`; false when it is over the limit.
    public func admit(_ client: String) -> Bool {
        let second = clock()
        return windows.withLock { table in
            if table.count > 4096 { table = table.filter { $0.value.second == second } }
            var entry = table[client] ?? (second, 0)
            if entry.second != second { entry = (second, 0) }
            entry.count += 1
            table[client] = entry
            return entry.count <= limit
        }
    }

    /// Whole seconds of wall-clock time.
    public static func currentSecond() -> Int64 {
        Int64(Date().timeIntervalSince1970.rounded(.down))
    }
}
