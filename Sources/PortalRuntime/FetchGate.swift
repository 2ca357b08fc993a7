import PortalEffects
import Synchronization

/// Caps the requests in flight across every list and pane, and lets the most wanted go
/// first.
///
/// Without it, holding PgDn against a slow server queued hundreds of page requests in the
/// HTTP client's connection pool, and the page on screen waited behind pages scrolled past
/// half a minute ago. Here a request waits for one of `limit` slots; a freed slot goes to
/// the waiter of the highest `FetchPriority` (the pages on screen), and among equals to
/// the newest (the screen the user is looking at now). A cancelled waiter leaves the
/// queue at once, so what waits is bounded by what the planner still wants, not by the
/// keys pressed.
public final class FetchGate: Sendable {
    /// Requests in flight at once, all lists and panes together.
    public let limit: Int

    private struct Waiter {
        var id: UInt64
        var priority: FetchPriority
        var continuation: CheckedContinuation<Bool, Never>
    }

    private struct State {
        var running = 0
        var waiting: [Waiter] = []
        var nextID: UInt64 = 0
        /// The most running at once so far (for tests and `make bench`).
        var peak = 0
    }

    private let state = Mutex(State())

    public init(limit: Int = 6) {
        self.limit = max(1, limit)
    }

    /// Runs `body` once a slot is free; nil without running it when the task is cancelled
    /// while it waits.
    public func run<T: Sendable>(_ priority: FetchPriority, _ body: @Sendable () async -> T) async -> T? {
        guard await acquire(priority) else { return nil }
        defer { release() }
        return await body()
    }

    /// The most requests that were in flight at once.
    public var peakRunning: Int { state.withLock { $0.peak } }

    /// Requests waiting for a slot now.
    public var waitingCount: Int { state.withLock { $0.waiting.count } }

    private func acquire(_ priority: FetchPriority) async -> Bool {
        if Task.isCancelled { return false }
        let id: UInt64? = state.withLock { state in
            if state.running < limit {
                state.running += 1
                state.peak = max(state.peak, state.running)
                return nil
            }
            state.nextID &+= 1
            return state.nextID
        }
        guard let id else { return true }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let resumeNow: Bool? = state.withLock { state in
                    // Cancelled before the continuation was stored: never queue it.
                    if Task.isCancelled { return false }
                    if state.running < limit {
                        state.running += 1
                        state.peak = max(state.peak, state.running)
                        return true
                    }
                    state.waiting.append(Waiter(id: id, priority: priority, continuation: continuation))
                    return nil
                }
                if let resumeNow { continuation.resume(returning: resumeNow) }
            }
        } onCancel: {
            let cancelled = state.withLock { state -> CheckedContinuation<Bool, Never>? in
                guard let index = state.waiting.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiting.remove(at: index).continuation
            }
            cancelled?.resume(returning: false)
        }
    }

    private func release() {
        let next = state.withLock { state -> CheckedContinuation<Bool, Never>? in
            // The highest priority, the newest among equals: the last of the best.
            guard let best = state.waiting.indices.max(by: { a, b in
                let x = state.waiting[a], y = state.waiting[b]
                return x.priority != y.priority ? x.priority < y.priority : x.id < y.id
            }) else {
                state.running -= 1
                return nil
            }
            // The slot passes straight to the waiter: `running` stays.
            return state.waiting.remove(at: best).continuation
        }
        next?.resume(returning: true)
    }
}
