import Synchronization

/// How many effects a performer is running, and a hook for when that drops to none.
///
/// The terminal loop uses it to know when portal is idle — nothing in flight and nothing
/// left in the mailbox — and then says so once (the `{"idle":true}` line of `--trace`),
/// so scripts and end-to-end tests wait for an explicit marker instead of guessing from
/// a trace that stopped growing.
public final class EffectActivity: Sendable {
    private struct State {
        var running = 0
        var settled: (@Sendable () -> Void)?
    }

    private let state = Mutex(State())

    public init() {}

    /// Effects started and not yet finished.
    public var running: Int { state.withLock { $0.running } }

    /// Called (from any thread) each time the last running effect finishes.
    public func onSettled(_ hook: @escaping @Sendable () -> Void) {
        state.withLock { $0.settled = hook }
    }

    /// An effect started.
    public func begin() {
        state.withLock { $0.running += 1 }
    }

    /// An effect finished, after its message (if any) was handed over.
    public func end() {
        let hook = state.withLock { state -> (@Sendable () -> Void)? in
            state.running = max(0, state.running - 1)
            return state.running == 0 ? state.settled : nil
        }
        hook?()
    }
}
