/// Integer arithmetic that clamps at `Int.min`/`Int.max` instead of trapping. Why: the
/// grid's and the sparse list's sums and products of page numbers, sizes and counts start
/// from what a server reported, and nothing may trap whatever it sends.
public enum Saturating {
    public static func add(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? (b > 0 ? Int.max : Int.min) : sum
    }

    public static func multiply(_ a: Int, _ b: Int) -> Int {
        let (product, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow ? ((a < 0) == (b < 0) ? Int.max : Int.min) : product
    }
}
