import Synchronization

/// Running work by key, so a later effect can stop it (`cancelPage`, `cancelPicture`).
///
/// A task is stored before it can finish (the lock is held while it is made), and on
/// finishing it removes only its own entry: a newer task started under the same key (the
/// same page asked again after a cancel) stays cancellable.
final class KeyedTasks<Key: Hashable & Sendable>: Sendable {
    private struct Entry {
        var id: UInt64
        var task: Task<Void, Never>
    }

    private struct State {
        var running: [Key: Entry] = [:]
        var nextID: UInt64 = 0
    }

    private let state = Mutex(State())

    /// Runs `body` in a detached task kept under `key` until it ends.
    func start(_ key: Key, _ body: @escaping @Sendable () async -> Void) {
        state.withLock { state in
            state.nextID &+= 1
            let id = state.nextID
            state.running[key] = Entry(id: id, task: Task.detached {
                await body()
                self.state.withLock { state in
                    if state.running[key]?.id == id { state.running[key] = nil }
                }
            })
        }
    }

    /// Stops the task under `key`, if one runs.
    func cancel(_ key: Key) {
        state.withLock { $0.running.removeValue(forKey: key) }?.task.cancel()
    }
}
