import PortalCore

/// The pages a walked list (`ListLoader`: `next` links or cursors, no page numbers) has
/// passed, each with the request that led to it, so a page dropped to stay within the byte
/// budget can be asked for again by that same request when the user walks back.
///
/// Why: a walked list kept every item it passed (End on an endless cursor list of 20 KB
/// items held 456 MB after 471 pages, linearly). A cursor cannot be made up again, only
/// remembered: a page keeps its request and its ids (a few bytes per item) when its items go.
struct WalkedPage<Item: Identifiable> {
    /// What led to the page (a cursor or `next` link), as asked, minus how it was asked
    /// (`reload`, `revalidate`): asked again, the caches answer it when they hold it. Nil
    /// once let go to stay within the byte budget (a cursor of megabytes): the page cannot
    /// be asked again, only the list read again (`R`).
    var request: PageRequest?
    /// The estimated bytes of `request` (`PageByteBudget.bytes(ofRequest:)`) while kept.
    var requestBytes: Int
    /// Where its first item is in the list (one further on for each record a live list
    /// put before it).
    var start: Int
    /// The ids of the items it added, in order: what a page asked again is matched by.
    var ids: [Item.ID]
    /// Its items; nil while dropped. An item missing from a page asked again is nil.
    var slots: [Item?]?
    /// The estimated bytes of its items (`PageByteBudget`), counted once when they arrive.
    var bytes: Int
    var refetch: WalkedRefetch = .none

    var count: Int { ids.count }
    var range: Range<Int> { start..<start + ids.count }
}
