import PortalUI

/// Runs the UI's asynchronous work (network, decoding) off the UI thread and brings each
/// result back through the mailbox and the wake-up pipe.
///
/// The task must be *detached*: the main thread spends its idle time blocked in `poll()`,
/// so a main-actor `Task {}` would never get to run. A detached task runs on the
/// cooperative pool, posts its message, then pokes the pipe so `poll()` returns.
final class DetachedEffectRunner: EffectRunner, Sendable {
    private let mailbox: Mailbox
    private let wake: WakePipe

    init(mailbox: Mailbox, wake: WakePipe) {
        self.mailbox = mailbox
        self.wake = wake
    }

    func run(_ work: @escaping @Sendable () async -> AppMessage) {
        runReporting { _ in await work() }
    }

    /// Interim messages (an automatic retry in progress) go through the same mailbox and
    /// wake the loop just like the final result.
    func runReporting(_ work: @escaping @Sendable (_ post: @escaping @Sendable (AppMessage) -> Void) async -> AppMessage) {
        let mailbox = self.mailbox
        let wake = self.wake
        let post: @Sendable (AppMessage) -> Void = { message in
            mailbox.post(message)
            wake.poke()
        }
        Task.detached {
            // Network answers are decoded on this pool thread: give it an alternate
            // signal stack so that even a stack overflow here runs the crash restore.
            TerminalUI.prepareWorkerThread()
            post(await work(post))
        }
    }
}
