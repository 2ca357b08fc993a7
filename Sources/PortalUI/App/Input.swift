/// One input event, decoded by the terminal layer, independent of ncurses.
public enum KeyInput: Sendable, Hashable {
    /// A printable character (letters, digits, punctuation, non-ASCII letters).
    case character(Character)
    /// Ctrl plus a letter, lowercased (`.control("c")` for Ctrl-C).
    case control(Character)
    case up, down, left, right
    case pageUp, pageDown, home, end
    case enter, escape, backspace, tab, delete
    case function(Int)
    case wheelUp, wheelDown
}

/// What the UI asks of the loop that drives it.
public enum AppRequest: Sendable, Equatable {
    case keepRunning
    case quit
}

/// Runs asynchronous work for the UI off its thread and brings each result back to it.
///
/// The terminal loop implements this with a detached task that, when done, posts the
/// message to a mailbox and wakes `poll()`; tests implement it by running the work and
/// delivering the message synchronously or on demand.
public protocol EffectRunner: AnyObject {
    /// Starts `work`; its message is later handed to `App.receive(_:)` on the UI thread.
    func run(_ work: @escaping @Sendable () async -> AppMessage)

    /// Like `run`, but `work` may also `post` interim messages (progress such as an
    /// automatic retry) from any thread before it returns its result.
    func runReporting(_ work: @escaping @Sendable (_ post: @escaping @Sendable (AppMessage) -> Void) async -> AppMessage)
}

extension EffectRunner {
    /// Runners that cannot deliver interim messages drop them; the result still arrives.
    public func runReporting(_ work: @escaping @Sendable (_ post: @escaping @Sendable (AppMessage) -> Void) async -> AppMessage) {
        run { await work { _ in } }
    }
}

/// The UI as the terminal loop sees it. One UI thread calls everything here.
@MainActor
public protocol App: AnyObject {
    func start(size: Size)
    func handle(_ key: KeyInput) -> AppRequest
    func resize(to size: Size)
    func receive(_ message: AppMessage)
    /// True when something changed since the last `render`.
    var needsRedraw: Bool { get }
    func render(into screen: any Screen)
}
