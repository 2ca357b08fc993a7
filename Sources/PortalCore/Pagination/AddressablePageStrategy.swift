/// A page strategy that can ask for any page by its index, not only the one after the
/// last: `?page=N`, `offset=N*limit`, `Range: a-b`.
///
/// It is what lets a list jump (End on a million rows is one request, not a walk of every
/// page) and drop far pages from memory, because any page can be asked for again. A
/// strategy that only knows a `next` link does not conform, and its list stays sequential.
public protocol AddressablePageStrategy<Item>: PageStrategy {
    /// Items on every page but the last.
    var pageSize: Int { get }

    /// The request for page `index` (0 is the first page, the same request as
    /// `firstPage`, so a cache answers both alike), with the list's filters; nil when
    /// that page cannot be addressed (a negative index).
    func request(forPage index: Int) -> PageRequest?
}
