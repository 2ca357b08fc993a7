import PortalCore

/// What a tab's list looked like at the last look, and what is marked since: the items'
/// content by id (so `R` can tell what changed), the ids that arrived new, and where a
/// grown list's new end began.
struct ListMarks {
    /// The most ids remembered; past it the memory starts over (marks then miss changes
    /// of items not seen since, never mark one wrongly).
    static let limit = 200_000

    /// The query the marks belong to: a new search or filter starts them over.
    var query: ListQuery
    /// Each item's content (its hash) when last seen.
    var looks: [ItemKey: Int] = [:]
    var new: Set<ItemKey> = []
    var changed: Set<ItemKey> = []
    /// The list's count before a look found it grown: items at or past it are new.
    var grownFrom: Int?
    /// Items found new since watching began (ids not seen, plus growth).
    var newCount = 0

    init(query: ListQuery) {
        self.query = query
    }

    /// What a list page says about its items: each remembered; one seen before with other
    /// content is `changed` when the list is being refreshed; one at or past `grownFrom`
    /// is `new`. `start` is the first item's index, nil when unknown (a walked list).
    /// `hashes`: each item's `hashValue` when already made (`PageContent.contentHashes`,
    /// noted off the UI thread); used only when there is one per item.
    mutating func see(_ items: [Item], hashes: [Int]? = nil, from start: Int?, refreshing: Bool) {
        if looks.count + items.count > Self.limit { looks = [:] }
        let noted = hashes.flatMap { $0.count == items.count ? $0 : nil }
        // Runs for every page: each id is looked up
        // once (the old content comes back from the update).
        for offset in items.indices {
            let id = items[offset].id
            let content = noted?[offset] ?? items[offset].hashValue
            if let before = looks.updateValue(content, forKey: id), refreshing, before != content { changed.insert(id) }
            if let grownFrom, let start, start + offset >= grownFrom { new.insert(id) }
        }
    }

    /// What `item` is marked: `new`, `changed`, or nil.
    func mark(_ item: Item) -> String? {
        if new.contains(item.id) { return "new" }
        if changed.contains(item.id) { return "changed" }
        return nil
    }
}
