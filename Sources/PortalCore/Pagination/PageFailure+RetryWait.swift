extension PageFailure {
    /// How long to wait before asking again, from the server's `Retry-After`: never more
    /// than `cap` (`RetryAfter.wait`, the one rule). Nil when the server sent none.
    public func retryWait(cap: Duration) -> Duration? {
        retryAfter.map { RetryAfter.wait($0, cap: cap) }
    }
}
