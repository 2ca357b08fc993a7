import Dispatch
import Synchronization

/// Threads of the in-process mirror's own: its tasks prefer them to the cooperative pool.
///
/// Why: a test process on a 2-core machine has a pool of 2 threads, and the tests that run
/// beside a mirror can hold both (a test decoding a million rows, a wait that blocks). A
/// mirror on that pool then answers portal seconds late, and portal's timeouts, not the
/// code under test, decide the result. On serial dispatch queues of its own, which always
/// get a thread, the operating system shares the CPU between the mirror and the tests as
/// between two processes.
///
/// Every in-process mirror's jobs share `shared`'s queues (a test run starts hundreds of
/// mirrors; none leaves a thread behind: an idle queue holds none).
public final class MirrorThreads: TaskExecutor {
    private let queues: [DispatchQueue]
    private let turn = Atomic<Int>(0)

    /// The queues every in-process mirror's tasks run on (`MirrorOptions.ownThreads`).
    public static let shared = MirrorThreads(count: 2)

    init(count: Int) {
        queues = (0..<count).map { DispatchQueue(label: "portal-mirror-\($0)") }
    }

    /// Each job on the next queue in turn: a task's jobs come one after another, so two
    /// queues run two tasks at once.
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let queue = queues[(turn.add(1, ordering: .relaxed).oldValue & Int.max) % queues.count]
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
