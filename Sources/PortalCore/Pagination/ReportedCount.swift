/// The total a server reports for a list, taken only when it can be true.
///
/// A hostile or broken server may say `"count": -5`, `"count": "lots"`, or 60 when 80
/// have already arrived; the status line must never show "60 / -5" as fact. A count that
/// cannot be right is treated as no count at all (the loader then counts what arrived).
public enum ReportedCount {
    /// `count` when it is a possible total (zero or more), else nil.
    public static func plausible(_ count: Int?) -> Int? {
        guard let count, count >= 0 else { return nil }
        return count
    }

    /// The total to show after a page: the server's, unless fewer than have already
    /// arrived (then nil: unknown); the previous total when this page reported none.
    public static func total(reported: Int?, previous: Int?, loaded: Int) -> Int? {
        guard let reported = plausible(reported) else { return previous.flatMap { $0 >= loaded ? $0 : nil } }
        return reported >= loaded ? reported : nil
    }
}
