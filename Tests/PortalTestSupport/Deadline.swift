/// Runs `work` and says whether it finished before `deadline`, for tests of things that
/// must end (a server's stop): the deadline is generous, so only a hang passes it. Past
/// it, `unstick` runs (it must make `work` end, e.g. by closing what holds it) and the
/// answer is false once `work` has ended, so a failing test does not hang the run.
public func finishes(within deadline: Duration, unstick: @escaping @Sendable () -> Void, _ work: @escaping @Sendable () async -> Void) async -> Bool {
    await withTaskGroup(of: Bool.self) { group in
        group.addTask {
            await work()
            return true
        }
        group.addTask {
            // Cancelled when `work` ends first; `unstick` then does not run.
            guard (try? await Task.sleep(for: deadline)) != nil else { return true }
            unstick()
            return false
        }
        let first = await group.next() ?? false
        group.cancelAll()
        let second = await group.next() ?? true
        return first && second
    }
}
