import Foundation
import Synchronization

/// Runs async work to its end from a synchronous command (the browser's, which must keep
/// the main thread for its event loop afterwards): the work runs in a detached task and
/// the calling thread waits for it. Used before the screen is taken: the sign-in, and the
/// first answer of `--url` that decides its dialect.
enum BlockingWait {
    static func run<Value: Sendable>(_ work: @escaping @Sendable () async throws -> Value) throws -> Value {
        let done = DispatchSemaphore(value: 0)
        let box = Mutex<Result<Value, any Error>?>(nil)
        Task.detached {
            let result: Result<Value, any Error>
            do { result = .success(try await work()) } catch { result = .failure(error) }
            box.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        return try box.withLock { $0! }.get()
    }
}
