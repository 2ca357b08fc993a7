import Foundation

/// What portal does with a rate limit: when it is low (prefetch holds, the status line
/// says so), when it is spent (requests wait for the reset), and the words for both.
extension RateLimit {
    /// Whether few requests are left: a fifth of the limit or less, and never more than
    /// 10 when the limit is not said. Speculative prefetch stops here (what the screen
    /// shows still goes), and the status line shows the budget.
    public var isLow: Bool {
        guard let remaining else { return false }
        return remaining <= max(10, (limit ?? 0) / 5)
    }

    /// Whether nothing is left until a reset still ahead of `now`.
    public func isSpent(at now: Date) -> Bool {
        guard remaining == 0, let reset else { return false }
        return reset > now
    }

    /// Whether what it says still holds at `now` (its reset has not passed).
    public func holds(at now: Date) -> Bool {
        guard let reset else { return true }
        return reset > now
    }

    /// The status line's words: `rate 12 left · resets 14:05` (local time).
    public func statusText(timeZone: TimeZone = .current) -> String {
        var text = "rate \(remaining.map(String.init) ?? "?") left"
        if let reset { text += " · resets \(Self.clockTime(reset, timeZone: timeZone))" }
        return text
    }

    /// What `portal list` says on stderr before waiting for the reset:
    /// `rate limit reached: waiting until 14:05 (37 s)`.
    public func waitNote(now: Date, timeZone: TimeZone = .current) -> String {
        guard let reset else { return "rate limit reached" }
        let seconds = Int(reset.timeIntervalSince(now).rounded(.up))
        return "rate limit reached: waiting until \(Self.clockTime(reset, timeZone: timeZone)) (\(seconds) s)"
    }

    /// `date` as HH:MM in `timeZone`.
    static func clockTime(_ date: Date, timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        let hour = parts.hour ?? 0, minute = parts.minute ?? 0
        return (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    }
}
