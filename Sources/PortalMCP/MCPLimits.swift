/// The bounds of every answer and call: bytes per answer (rows past it are left for the
/// next call, which the answer names), the characters of one string in a compact row, and
/// the time a call may take (a walk stops at a page boundary and says where it got to),
/// measured on `clock`.
public struct MCPLimits: Sendable {
    public var answerBytes: Int
    public var rowStringLimit: Int
    public var callSeconds: Int
    /// What the time limits are measured on: the real clock, or a test's.
    var clock = MCPClock.continuous

    public init(answerBytes: Int = 24_000, rowStringLimit: Int = 300, callSeconds: Int = 30) {
        self.answerBytes = answerBytes
        self.rowStringLimit = rowStringLimit
        self.callSeconds = callSeconds
    }

    /// The time after which a walk stops asking for pages: a few seconds before the
    /// call's hard deadline, so the answer that says so is still sent in time.
    var walkSeconds: Int { max(1, callSeconds - max(1, callSeconds / 6)) }

    /// When a walk begun now stops asking for pages.
    var walkDeadline: ContinuousClock.Instant { clock.now() + .seconds(walkSeconds) }
}

/// The clock a call's time limits run on, so a test decides when time is up (after the
/// request it wants stopped is asked) instead of racing the real clock under load.
struct MCPClock: Sendable {
    let now: @Sendable () -> ContinuousClock.Instant
    let sleep: @Sendable (Duration) async throws -> Void

    static let continuous = MCPClock(now: { .now }, sleep: { try await Task.sleep(for: $0) })
}
