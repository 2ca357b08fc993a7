/// An app that wants to be woken on a timer: `--watch` / `w` ask for a list's first page
/// again every interval. The terminal loop sleeps in `poll()` for exactly
/// `timeUntilTick` (no timeout when it is nil), so a watched list costs one wake-up per
/// interval and an unwatched one none — the loop never spins.
@MainActor
public protocol TimedApp: App {
    /// How long until the app wants `tick()`; nil when it wants no timer.
    var timeUntilTick: Duration? { get }
    /// The timer is due: the work it wants done (the loop then draws if it changed).
    func tick() -> [Effect]
}
