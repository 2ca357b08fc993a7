import Foundation
import Synchronization

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
