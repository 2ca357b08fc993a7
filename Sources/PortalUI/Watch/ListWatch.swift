import Foundation
import PortalCore

/// `--watch 30s` / `w`: every interval the active tab's first page is asked for again,
/// with its validators (the disk cache sends `If-None-Match` / `If-Modified-Since` from
/// the last answer, so an unchanged page is a 304 and costs no body). Only when that
/// page shows something new — an id never seen, or a larger total — does the list
/// refresh (`R`'s way: the selection stays on its item), the new items marked `new`.
///
/// The look is a page fetch outside the list (its address has a negative generation, so
/// no list ever applies it and the interpreter keeps it apart from the list's own page 1).
struct ListWatch {
    /// When toggled on with `w` and no `--watch`.
    static let defaultInterval: Duration = .seconds(30)
    /// The shortest interval `--watch` takes.
    static let shortestInterval: Duration = .seconds(1)

    /// Every interval while watching; nil when not watching.
    var interval: Duration?
    /// The interval `w` turns on (`--watch`'s, else the default).
    var chosenInterval = defaultInterval
    /// The ticket of the timer set last (`Wake.watch`): an older one's wake does nothing.
    var ticket = 0
    /// The tab whose look is in flight (a timer due meanwhile makes no look).
    var lookInFlight: Int?
    /// Why the last look failed, until one succeeds.
    var failure: String?

    /// The address a look for `list` is sent under: never a list's own.
    static func lookAddress(for list: ListAddress) -> ListAddress {
        ListAddress(tab: list.tab, generation: -1 - list.generation)
    }

    /// Whether `address` is a look's, not a list's.
    static func isLook(_ address: ListAddress) -> Bool { address.generation < 0 }

    /// `30s`, `2m`, `1h` (the largest unit that divides it).
    static func text(_ interval: Duration) -> String {
        let seconds = interval.components.seconds
        if seconds >= 3600, seconds % 3600 == 0 { return "\(seconds / 3600)h" }
        if seconds >= 60, seconds % 60 == 0 { return "\(seconds / 60)m" }
        return "\(seconds)s"
    }

    /// Reads `30s`, `2m`, `1h` (a bare number is seconds); nil for anything else or for
    /// less than a second.
    static func interval(parsing text: String) -> Duration? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard let unit = trimmed.last else { return nil }
        let (digits, scale): (Substring, Int64) = switch unit {
        case "s": (trimmed.dropLast(), 1)
        case "m": (trimmed.dropLast(), 60)
        case "h": (trimmed.dropLast(), 3600)
        default: (Substring(trimmed), 1)
        }
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let count = Int64(digits), count <= 1_000_000 else { return nil }
        let interval = Duration.seconds(count * scale)
        return interval >= shortestInterval ? interval : nil
    }
}

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
