/// A list's pages value that can ask for any page by its index, not only the one after the
/// last: `?page=N`, `offset=N×size`, `Range: a-b`, a GraphQL page's variables.
///
/// It is what a sparse list keeps (`PageAddressing`) to jump — End on a million rows is
/// one request, not a walk of every page — and to drop far pages, because any page can be
/// asked for again. The list asks this very value; no source or closure stands between.
public protocol PageAddressable: Sendable {
    /// Items on every page but the last.
    var pageSize: Int { get }

    /// The request for page `index` (0 is the first page, the same request as the list's
    /// first, so a cache answers both alike), with the list's filters; nil when that page
    /// cannot be addressed (a negative index, a number past Int.max).
    func request(forPage index: Int) -> PageRequest?
}
