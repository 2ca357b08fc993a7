/// The one rule for the page size portal asks a server for (`--page-size`, a source's
/// `limit`, a PostgREST window): within `APIKind.pageSizeRange`, and the default for a
/// size that is no size at all (zero or negative). Every source and page strategy takes
/// its size through `clamped`, so none can ask for 0 rows, a negative window, or a page
/// so large that its offsets overflow sooner.
public enum PageSize {
    /// `size` kept within `APIKind.pageSizeRange`; `APIKind.defaultPageSize` when below 1.
    public static func clamped(_ size: Int) -> Int {
        guard size >= APIKind.pageSizeRange.lowerBound else { return APIKind.defaultPageSize }
        return min(size, APIKind.pageSizeRange.upperBound)
    }
}
