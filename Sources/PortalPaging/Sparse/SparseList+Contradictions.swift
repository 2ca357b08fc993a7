import PortalCore

/// When a list's pages contradict how it is addressed, it stops being addressed and walks,
/// saying why (`pagingNote`):
///
/// - **links that contradict the addressing** (issue 35, item 2): a `next` that does not
///   name the page the addressing would ask next (its page number or offset another, its
///   path another) says page N is not what `request(forPage: N)` asks for. An open-end
///   search over such a list probed offsets up to 687,194,767,340 (37 requests) on a
///   server that answered any offset; now the list walks its links, whose guard
///   (`PageLinkGuard`) refuses one that goes backwards.
/// - **pages that shrink** (issue 35, item 16): a page holding fewer items than a page
///   while its own answer says more follow (a `next`) cannot be placed at page × size:
///   the items of the pages after it (20, 10, 5, 2, 1 of a stated 100: 8 of them) were
///   never shown. The list walks from the top instead, what it showed kept in place until
///   the walk reaches it, and on to the end when the screen was past it (End).
extension SparseList {
    /// Whether `next`, the link after page `index`, contradicts the page the addressing
    /// would ask next: another path, or a query parameter or `Range` both name, set to
    /// another value. Requests to one URL (a POST's body carries the page) are not judged.
    func contradictsAddressing(_ next: PageRequest?, after index: Int) -> Bool {
        guard let next, let addressing, let expected = addressing.request(forPage: index + 1) else { return false }
        if let asked = expected.http.headers["Range"], let given = next.http.headers["Range"], asked != given { return true }
        // The link the addressing would make, as written (nearly every page of a walked
        // list): the same reading, without parsing the expected URL.
        if expected.http.url.absoluteString == next.http.url.absoluteString { return false }
        let (mine, theirs) = (expected.linkReading, next.linkReading)
        guard mine.normalURL != theirs.normalURL else { return false }
        if mine.path != theirs.path { return true }
        return mine.query.contains { key, value in theirs.query[key].map { $0 != value } ?? false }
    }

    /// The list is not addressable after all: the open-end search (if any) ends, and End walks.
    func stopAddressing(because note: String) {
        addressing = nil
        pagingNote = note
        if end.open { abandonOpenEndSearch(because: note) }
    }

    /// Whether a page of `content` holding fewer than `size` items says more follow: pages
    /// that shrink, which page × size cannot address.
    static func shrinks(_ content: PageContent<Item>, pageSize size: Int) -> Bool {
        !content.items.isEmpty && content.items.count < size && content.next != nil
    }

    /// An addressable list whose pages shrink walks from the top instead: the items shown
    /// from the top up to the first gap stay in place until the walk reaches them (as a
    /// refresh's do), and the walk goes on to the end when the screen was past them.
    func walkInstead(because note: String, pageSize size: Int) {
        var shown: [Item] = []
        var index = 0
        while let slots = pages[index]?.slots, !slots.contains(where: { $0 == nil }) {
            shown += slots.compactMap { $0 }
            if slots.count < size { break }
            index += 1
        }
        let screenPast = window.visible.upperBound > shown.count
        addressing = nil
        pagingNote = note
        walksInstead = true
        sequential.reset(firstPage: firstPage)
        mode = shown.isEmpty ? .awaitingFirstPage : .sequential
        total = 0
        pages = SparsePageTable<Item>()
        positions = [:]
        end = SparseEnd()
        probedPages = [:]
        staleItems = shown.isEmpty ? nil : shown
        isWalking = screenPast
    }
}
