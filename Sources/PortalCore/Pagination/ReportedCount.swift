/// The total a server reports for a list, taken only when it can be true.
///
/// A hostile or broken server may say `"count": -5`, `"count": "lots"`, or 60 when 80
/// have already arrived; the status line must never show "60 / -5" as fact. A count that
/// cannot be right is treated as no count at all (the loader then counts what arrived).
///
/// A count near the 64-bit limit (`9223372036854775807`, in `info.count`, PokeAPI's
/// `count` or PostgREST's `Content-Range`) is possible to write but not to list: it is
/// capped at `maximum`, so no layout, range or page computation above Core (rows ×
/// columns, index + page size, the last page's offset) can overflow on a server's number.
public enum ReportedCount {
    /// The largest total portal takes from a server: 10¹² items, a million times the
    /// largest list portal was measured on (`--scale 1000000`) and about 10⁷ times below
    /// `Int.max`, so a total times a page size, a column count or a cell width (each far
    /// below 10⁶) still fits in an `Int`. A larger reported total is shown as this one.
    public static let maximum = 1_000_000_000_000

    /// `count` when it is a possible total (zero or more), capped at `maximum`; else nil.
    public static func plausible(_ count: Int?) -> Int? {
        guard let count, count >= 0 else { return nil }
        return min(count, maximum)
    }

    /// Any reported number as a total to lay out: below zero is zero, past `maximum` is
    /// `maximum` (for code that must have a number, such as `SparseList`).
    public static func clamped(_ count: Int) -> Int {
        min(max(0, count), maximum)
    }

    /// What to tell the user about a total shown as `total`: a note when it is the cap
    /// (the server said at least that many), nil otherwise. For the status line and
    /// `portal list`'s stderr.
    public static func note(for total: Int?) -> String? {
        guard total == maximum else { return nil }
        return "the server reports 1,000,000,000,000 items or more; portal counts at most that many"
    }

    /// The total to show after a page: the server's, unless fewer than have already
    /// arrived (then nil: unknown); the previous total when this page reported none.
    public static func total(reported: Int?, previous: Int?, loaded: Int) -> Int? {
        guard let reported = plausible(reported) else { return previous.flatMap { $0 >= loaded ? $0 : nil } }
        return reported >= loaded ? reported : nil
    }
}
