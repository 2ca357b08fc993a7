import CPortalShim
import Foundation
import Testing
@testable import PortalTerminal

/// A worker thread's alternate signal stack lives as long as the thread: pool threads come
/// and go under load, and each one that ended used to leave its 64 KB behind (issue 27,
/// item 4). Real threads, joined, so the thread-exit release has run when counted.
@Suite("Worker threads' alternate signal stacks", .serialized)
struct WorkerAlternateStackTests {
    /// Runs `body` on a new thread, waits for the thread to end and returns what `body`
    /// returned as a number (nil when the thread could not run).
    private static func onThreadThatEnds(_ body: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer?) -> Int? {
        var thread = pthread_t()
        guard pthread_create(&thread, nil, body, nil) == 0 else { return nil }
        var result: UnsafeMutableRawPointer?
        guard pthread_join(thread, &result) == 0 else { return nil }
        return result.map { Int(bitPattern: $0) } ?? 0
    }

    @Test func aThreadsStackIsInstalledWhileItLivesAndGoesWhenItEnds() {
        let before = portal_alternate_stacks_mapped()
        let mappedWhileAlive = Self.onThreadThatEnds { _ in
            TerminalUI.prepareWorkerThread()
            var current = stack_t()
            let installed = sigaltstack(nil, &current) == 0 && (current.ss_flags & Int32(SS_DISABLE)) == 0
            // Asked again on the same thread: the one it has is kept, none is added.
            TerminalUI.prepareWorkerThread()
            let live = portal_alternate_stacks_mapped()
            return UnsafeMutableRawPointer(bitPattern: installed ? Int(live) : -1)
        }
        #expect(mappedWhileAlive == before + 1, "installed once while the thread lives")
        #expect(portal_alternate_stacks_mapped() == before, "the ended thread's stack is released")
    }

    @Test func manyThreadsThatEndLeaveNoStacksBehind() {
        let before = portal_alternate_stacks_mapped()
        for _ in 0..<24 {
            #expect(Self.onThreadThatEnds { _ in
                TerminalUI.prepareWorkerThread()
                return nil
            } == 0)
        }
        #expect(portal_alternate_stacks_mapped() == before)
    }
}
