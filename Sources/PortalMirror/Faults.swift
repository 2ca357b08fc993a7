import Foundation
import Synchronization

/// SplitMix64: a tiny, fast, seedable generator, so a fault run can be replayed.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform value in [0, 1).
    public mutating func unit() -> Double { Double(next() >> 11) * 0x1.0p-53 }
}

/// What happens to one request.
public enum FaultDecision: Sendable, Equatable {
    case none
    /// Close the connection without an answer.
    case drop
    /// Answer this 5xx status.
    case error(Int)
    /// Answer 429 with `Retry-After: 1`.
    case throttle
    /// Answer, but cut the body to this fraction of its length.
    case truncate(Double)
}

/// Draws faults from one seeded generator under a lock.
public final class FaultInjector: Sendable {
    public let settings: FaultSettings
    private let generator: Mutex<SplitMix64>

    public init(_ settings: FaultSettings) {
        self.settings = settings
        generator = Mutex(SplitMix64(seed: settings.seed ?? UInt64.random(in: 0...UInt64.max)))
    }

    /// The fault for the next request and the delay to add before answering (ms).
    public func draw() -> (decision: FaultDecision, delayMS: Double) {
        guard settings.drawsFaults else { return (.none, 0) }
        return generator.withLock { rng in
            let u = rng.unit()
            let detail = rng.unit()
            let jitter = rng.unit()
            let delay = settings.latencyMS + settings.jitterMS * jitter
            var edge = settings.dropRate
            if u < edge { return (.drop, delay) }
            edge += settings.errorRate
            if u < edge { return (.error(detail < 0.5 ? 500 : 503), delay) }
            edge += settings.throttleRate
            if u < edge { return (.throttle, delay) }
            edge += settings.truncateRate
            if u < edge { return (.truncate(0.1 + 0.8 * detail), delay) }
            return (.none, delay)
        }
    }

    /// The first `fraction` of `count` bytes, never all of them and never none of a body of
    /// two or more bytes, so a JSON object or array is always left unclosed.
    public static func cutLength(_ count: Int, fraction: Double) -> Int {
        guard count >= 2 else { return 0 }
        return min(count - 1, max(1, Int(Double(count) * fraction)))
    }
}

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
