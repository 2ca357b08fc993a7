extension PageFailure {
    /// How long to wait before asking again, from the server's `Retry-After`: never more
    /// than `cap`, and safe for any number a server sends (`1e300` or `inf` would trap in
    /// a plain `Int(seconds * 1000)`). Nil when the server sent none.
    public func retryWait(cap: Duration) -> Duration? {
        guard let seconds = retryAfter else { return nil }
        let capSeconds = cap / .seconds(1)
        guard seconds.isFinite, seconds < capSeconds else { return cap }
        return .milliseconds(Int((max(0, seconds) * 1000).rounded(.up)))
    }
}
