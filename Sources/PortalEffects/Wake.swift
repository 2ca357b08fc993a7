/// What a timer asked with `Effect.wakeAfter` is for: it comes back as `AppMessage.woke`
/// once the time has passed, through the mailbox like any answer (no second way into the
/// update: timers are messages). A wake that is no longer wanted is ignored by whoever set
/// it (its ticket).
public enum Wake: Sendable, Hashable, CustomStringConvertible {
    /// The `|` prompt's quiet time after a key: the program as typed runs if no key came since.
    case paneFilter(PaneAddress, ticket: Int)
    /// `--watch` / `w`: the list watch's next look is due.
    case watch(ticket: Int)
    /// The rate limit the status line shows has reached its reset: the note goes and
    /// prefetch held for it resumes.
    case rateReset(ticket: Int)

    /// Whether waiting for it is waiting on the user's clock (the watch's interval, a rate
    /// limit's reset) rather than work about to happen: such a timer does not keep portal
    /// busy (the trace's idle marker, a test's drain).
    public var isBackground: Bool {
        switch self {
        case .paneFilter: false
        case .watch, .rateReset: true
        }
    }

    public var description: String {
        switch self {
        case .paneFilter(let pane, let ticket): "jq prompt \(ticket) for \(pane)"
        case .watch(let ticket): "watch look \(ticket)"
        case .rateReset(let ticket): "rate reset \(ticket)"
        }
    }
}
