import Synchronization

/// A `Clock` for tests, on `ContinuousClock`'s instants (so it goes wherever portal takes
/// a clock): time moves only when a test advances it or something sleeps on it — a sleep
/// returns at once with the clock moved to its deadline, and is recorded.
public final class ManualClock: Clock, Sendable {
    public typealias Instant = ContinuousClock.Instant

    private struct State {
        var now = ContinuousClock.now
        var sleeps: [Duration] = []
    }

    private let state = Mutex(State())

    public init() {}

    public var now: Instant { state.withLock { $0.now } }
    public var minimumResolution: Duration { .zero }

    /// Every sleep asked for, in order.
    public var sleeps: [Duration] { state.withLock { $0.sleeps } }

    public func advance(_ by: Duration) { state.withLock { $0.now += by } }

    public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        try Task.checkCancellation()
        state.withLock { state in
            state.sleeps.append(max(.zero, deadline - state.now))
            state.now = max(state.now, deadline)
        }
    }
}
