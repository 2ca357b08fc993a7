import Foundation

/// How transient failures are retried before they are shown: exponential backoff with
/// full jitter, never sooner than a 429's `Retry-After`, a bounded number of times and a
/// bounded time in all.
///
/// One policy serves `portal list` and the UI. Twelve attempts: at the mirror's combined
/// test fault rate of 40 % the chance that a page still fails is 0.4^12 ≈ 2·10⁻⁵. A 4xx
/// other than 429 is not retried (and a first-page 404 of a search is an empty result,
/// decided by the strategy). A server nobody answers for (`cannotConnect`) is retried
/// only briefly, and no page is tried for longer than `giveUpAfter`, retries included —
/// a server that accepts and never answers, or dribbles, is reported in about 30 s.
public struct RetryPolicy: Sendable {
    /// Attempts in all, the first included.
    public var maxAttempts: Int
    public var baseDelay: Duration
    public var maxDelay: Duration
    /// The longest `Retry-After` honoured.
    public var maxRetryAfter: Duration
    /// Attempts in all when the connection is refused or the host has no address: a
    /// server that is down is reported in about a second, not after every retry.
    public var maxAttemptsUnreachable: Int
    /// No retry starts (or is waited for) past this time since the first attempt.
    public var giveUpAfter: Duration

    public init(
        maxAttempts: Int = 12, baseDelay: Duration = .milliseconds(200), maxDelay: Duration = .seconds(5),
        maxRetryAfter: Duration = .seconds(30), maxAttemptsUnreachable: Int = 3, giveUpAfter: Duration = .seconds(30)
    ) {
        self.maxAttempts = maxAttempts
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.maxRetryAfter = maxRetryAfter
        self.maxAttemptsUnreachable = maxAttemptsUnreachable
        self.giveUpAfter = giveUpAfter
    }

    /// No automatic retries: every failure is surfaced at once.
    public static let none = RetryPolicy(maxAttempts: 1)

    /// The wait before attempt `attempt + 1` after `failure` (attempt counts from 1), or
    /// nil when the failure is final.
    public func delay(after failure: PageFailure, attempt: Int, random: Double) -> Duration? {
        guard failure.isTransient, attempt < maxAttempts else { return nil }
        if case .transport(.cannotConnect) = failure.kind, attempt >= maxAttemptsUnreachable { return nil }
        let exponential = baseDelay * Int(1 << min(attempt - 1, 20))
        let capped = min(exponential, maxDelay)
        // Full jitter between half and all of the capped backoff.
        var wait = capped * (0.5 + 0.5 * random)
        if let retryAfter = failure.retryWait(cap: maxRetryAfter) {
            wait = max(wait, retryAfter)
        }
        return wait
    }
}
