import Dispatch

/// Where the mirror's own work runs: Dispatch's threads, not the cooperative pool the
/// rest of a process's tasks share.
///
/// Why: an in-process mirror serves tests that run side by side in one process
/// (`make test` runs suites in parallel). The cooperative pool has one thread a core — two
/// here — and a test that computes for a while holds one of them; two such tests stalled
/// every request to the mirror until its clients gave up ("did not accept a connection").
/// With this executor preferred by the mirror's task (and so by every task under it: the
/// server, each connection, each handler), the mirror answers whatever the tests compute.
final class MirrorExecutor: TaskExecutor {
    static let shared = MirrorExecutor()

    private let queue = DispatchQueue(label: "portal-mirror", attributes: .concurrent)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
