import Synchronization

/// Where finished effects leave their messages for the UI thread.
///
/// Effects finish on arbitrary threads; the UI is single-threaded. A lock-protected
/// array is the whole hand-over: posting never blocks for long, and the loop takes every
/// message at once, in the order they were posted.
public final class Mailbox: Sendable {
    private let messages = Mutex<[AppMessage]>([])

    public init() {}

    public func post(_ message: AppMessage) {
        messages.withLock { $0.append(message) }
    }

    /// Whether nothing waits to be taken.
    public var isEmpty: Bool { messages.withLock { $0.isEmpty } }

    /// Removes and returns everything posted so far.
    public func takeAll() -> [AppMessage] {
        messages.withLock { pending in
            let taken = pending
            pending.removeAll(keepingCapacity: true)
            return taken
        }
    }
}
