import Synchronization

/// Waits for a task that others share (an API's opening) in a way the waiter's own
/// cancellation ends at once: `task.value` waits for the task whatever happens to the
/// waiter, so a call's deadline (and `notifications/cancelled`) could not stop a call
/// stuck behind a slow sign-in. The shared task itself goes on for the next caller.
enum Awaiting {
    static func value<T: Sendable>(of task: Task<T, any Error>) async throws -> T {
        let once = ResumeOnce<T>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                once.set(continuation)
                Task { once.resume(with: await task.result) }
            }
        } onCancel: {
            once.resume(with: .failure(CancellationError()))
        }
    }
}

/// A continuation resumed once, by whichever comes first (the task's result or the
/// cancellation, which may come before the continuation is set).
final class ResumeOnce<T: Sendable>: Sendable {
    private let state = Mutex<(continuation: CheckedContinuation<T, any Error>?, result: Result<T, any Error>?, done: Bool)>((nil, nil, false))

    func set(_ continuation: CheckedContinuation<T, any Error>) {
        let pending: Result<T, any Error>? = state.withLock { state in
            guard !state.done else { return nil }
            if let result = state.result {
                state.done = true
                return result
            }
            state.continuation = continuation
            return nil
        }
        if let pending { continuation.resume(with: pending) }
    }

    func resume(with result: Result<T, any Error>) {
        let continuation: CheckedContinuation<T, any Error>? = state.withLock { state in
            guard !state.done else { return nil }
            guard let continuation = state.continuation else {
                if state.result == nil { state.result = result }
                return nil
            }
            state.done = true
            state.continuation = nil
            return continuation
        }
        continuation?.resume(with: result)
    }
}
