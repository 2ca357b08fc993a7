import Foundation
import PortalMirror

/// Runs `body` with a mirror of the snapshot in `data` on a free loopback port (its
/// origin, e.g. `http://127.0.0.1:53211`), optionally behind a PostgREST key.
func withMirror(
    data: String, requireKey: String? = nil, authUsers: [MirrorAuth.User] = [], tokenTTL: Double = 3600, latencyMS: Double = 0,
    _ body: (String) async throws -> Void
) async throws {
    try await MirrorServer.with(.inProcess { options in
        options.dataFolder = data
        options.requireKey = requireKey
        options.authUsers = authUsers
        options.tokenTTL = tokenTTL
        options.faults.latencyMS = latencyMS
    }) { try await body($0.origin) }
}

/// Runs blocking work (a tmux session's waits, a spawned process) on a thread of its
/// own, so it holds no thread of the cooperative pool. Every tmux test runs its body
/// here: on 2 cores the pool has 2 threads, and two synchronous tmux suites blocking them
/// for seconds stalled every in-process mirror of the run (their requests timed out).
func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
    }
}
