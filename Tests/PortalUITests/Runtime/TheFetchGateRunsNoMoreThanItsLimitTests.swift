import PortalCore
import PortalRuntime
import PortalUI
import Synchronization
import Testing

/// The cap on requests in flight across every list and pane: the pages on screen go
/// first, the newest first among equals, and a cancelled waiter leaves the queue.
@Suite("Fetch gate")
struct TheFetchGateRunsNoMoreThanItsLimitTests {
    /// Waits until `condition` holds: yields first (most conditions need only other tasks to
    /// run), then short sleeps, for what another thread must do — a request sent on the
    /// interpreter's tasks while the whole suite loads both cores (a bound of 100,000 yields
    /// alone ran out on a clean-clone CI run). The minute is a guard only a hang reaches.
    static func eventually(_ condition: () -> Bool, sourceLocation: SourceLocation = #_sourceLocation) async {
        for _ in 0..<1_000 where !condition() { await Task.yield() }
        let deadline = ContinuousClock.now + .seconds(60)
        while !condition(), ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(1))
        }
        #expect(condition(), "never happened", sourceLocation: sourceLocation)
    }

    @Test func aFreedSlotGoesToTheScreenThenToTheNewest() async {
        let gate = FetchGate(limit: 1)
        let order = Box<[String]>([])
        let release = AsyncStream<Void>.makeStream()
        // Hold the one slot.
        let holder = Task { await gate.run(.nearby) { for await _ in release.stream { break } } }
        await Self.eventually { gate.peakRunning == 1 }
        var waiters: [Task<Void, Never>] = []
        for (name, priority) in [("old prefetch", FetchPriority.nearby), ("old screen", .onScreen),
                                 ("new prefetch", .nearby), ("new screen", .onScreen)] {
            waiters.append(Task { _ = await gate.run(priority) { order.update { $0.append(name) } } })
            await Self.eventually { gate.waitingCount == waiters.count }
        }
        release.continuation.yield()
        _ = await holder.value
        for waiter in waiters { await waiter.value }
        #expect(order.value == ["new screen", "old screen", "new prefetch", "old prefetch"])
        #expect(gate.peakRunning == 1)
    }

    @Test func aCancelledWaiterLeavesTheQueueAndNeverRuns() async {
        let gate = FetchGate(limit: 1)
        let ran = Box(false)
        let release = AsyncStream<Void>.makeStream()
        let holder = Task { await gate.run(.onScreen) { for await _ in release.stream { break } } }
        await Self.eventually { gate.peakRunning == 1 }
        let waiter = Task { await gate.run(.onScreen) { ran.update { $0 = true } } }
        await Self.eventually { gate.waitingCount == 1 }
        waiter.cancel()
        #expect(await waiter.value == nil)
        #expect(gate.waitingCount == 0)
        release.continuation.yield()
        _ = await holder.value
        #expect(!ran.value)
        // The slot is free again.
        #expect(await gate.run(.nearby) { 7 } == 7)
    }

    @Test func neverMoreThanTheLimitRunAtOnce() async {
        let gate = FetchGate(limit: 3)
        // Counted by the bodies themselves, not by the gate's own figure.
        let running = Box((now: 0, peak: 0))
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<40 {
                group.addTask {
                    _ = await gate.run(index % 2 == 0 ? .onScreen : .nearby) {
                        running.update { $0.now += 1; $0.peak = max($0.peak, $0.now) }
                        await Task.yield()
                        running.update { $0.now -= 1 }
                    }
                }
            }
        }
        #expect((1...3).contains(running.value.peak), "\(running.value.peak) ran at once")
        #expect(gate.peakRunning == running.value.peak)
    }
}

/// A value shared with tasks (a `Mutex` cannot be captured by an escaping closure).
final class Box<Value: Sendable>: Sendable {
    private let storage: Mutex<Value>
    init(_ value: Value) { storage = Mutex(value) }
    var value: Value { storage.withLock { $0 } }
    func update(_ change: (inout Value) -> Void) { storage.withLock { change(&$0) } }
}
