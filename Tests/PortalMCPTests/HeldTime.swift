import Foundation
@testable import PortalMCP
import Synchronization

/// Time for a catalog's calls that passes only when a test says so: `now` stands still and
/// a call's time limit (a sleep) waits until `runOut()` (or its own cancellation), so "past
/// its time limit" happens after what the test wants to see stopped has begun, however
/// loaded the machine is, and never otherwise.
final class HeldTime: Sendable {
    private struct State {
        var now = ContinuousClock.now
        var out = false
        var sleepers: [UUID: CheckedContinuation<Void, Never>] = [:]
    }

    private let state = Mutex(State())

    var clock: MCPClock {
        MCPClock(now: { [self] in state.withLock { $0.now } }, sleep: { [self] _ in try await sleep() })
    }

    /// Every time limit is past: sleeps end now and later ones at once; `now` moves an hour on.
    func runOut() {
        let sleepers = state.withLock { state in
            state.out = true
            state.now += .seconds(3_600)
            defer { state.sleepers = [:] }
            return Array(state.sleepers.values)
        }
        for sleeper in sleepers { sleeper.resume() }
    }

    private func sleep() async throws {
        let id = UUID()
        await withTaskCancellationHandler {
            await withCheckedContinuation { (sleeper: CheckedContinuation<Void, Never>) in
                // Cancelled before it was held: the handler below found nothing to resume.
                let now = state.withLock { state in
                    if state.out || Task.isCancelled { return true }
                    state.sleepers[id] = sleeper
                    return false
                }
                if now { sleeper.resume() }
            }
        } onCancel: {
            state.withLock { $0.sleepers.removeValue(forKey: id) }?.resume()
        }
        try Task.checkCancellation()
    }
}

extension MCPLimits {
    /// These limits measured on `time` (which never passes unless the test runs it out).
    func on(_ time: HeldTime) -> MCPLimits {
        var limits = self
        limits.clock = time.clock
        return limits
    }
}
