import Foundation
import PortalCore
import Synchronization

/// The idle and overall deadlines of one request, redirects included: a watchdog that
/// ends the request (cancelling it, which closes its connection) when no byte came for
/// `idle` seconds or no whole answer within `overall`.
final class RequestDeadlines: Sendable {
    private let idle: TimeInterval
    private let overall: TimeInterval
    private let started = ContinuousClock.now
    private let lastActivity: Mutex<ContinuousClock.Instant>

    init(idle: TimeInterval, overall: TimeInterval) {
        self.idle = idle
        self.overall = overall
        lastActivity = Mutex(started)
    }

    /// Something arrived: the idle timer starts again.
    func touch() { lastActivity.withLock { $0 = .now } }

    /// The deadline that has passed, if any.
    private var expired: Timeout? {
        let now = ContinuousClock.now
        if now - started > .seconds(overall) { return .overall(seconds: overall) }
        if now - lastActivity.withLock({ $0 }) > .seconds(idle) { return .idle(seconds: idle) }
        return nil
    }

    /// Runs `work` until it finishes or a deadline passes (then throws `timedOut`).
    func enforce<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) async throws -> T {
        // Often enough that a timeout fires within a few percent of its value.
        let interval = Duration.seconds(max(0.01, min(1, min(idle, overall) / 20)))
        return try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { try await work() }
            group.addTask {
                while (try? await Task.sleep(for: interval)) != nil {
                    if let expired = self.expired { throw TransportError.timedOut(expired) }
                }
                return nil  // Cancelled: the work says how it ended.
            }
            while let result = try await group.next() {
                if let result {
                    group.cancelAll()
                    return result
                }
            }
            throw TransportError.cancelled
        }
    }
}
