import PortalCore

/// What a pushed change (a live list, issue 38) does to a sparse list: a record already
/// loaded is replaced where it is (`replace`); a new one is put where the list's order puts
/// it among the loaded rows (`livePositions`, then `liveInsert`), or, past every loaded row,
/// the list grows by one there (`liveGrow`). Rows after an inserted one move down by one,
/// as they do on the server, so pages asked for later land where they belong.
extension SparseList {
    /// Where a record pushed as new belongs among the loaded rows.
    public enum LivePosition: Sendable, Equatable {
        /// At this index (before the row there now): the rows either side are loaded, or
        /// it is the list's first or last place with the row beside it loaded.
        case at(Int)
        /// After every loaded row, in a part of the list not loaded: an addressable list
        /// grows by one (`liveGrow`; the row comes with its page); a walked list's pages
        /// bring it.
        case pastLoaded
        /// Between loaded rows with a part not loaded between them, or the list cannot be
        /// told now (refreshing, its end being searched for): it comes with `R`.
        case unknown
    }

    /// Where each of `records` goes: before the first loaded row it `precedes` (false for
    /// every row before its place and true from there on, as for a list in that order).
    /// Binary search over the loaded pages, then within one; each place as the list is now.
    public func livePositions(of records: [Item], precedes: (Item, Item) -> Bool) -> [LivePosition] {
        guard !isRefreshing, end.short == nil, end.probe == nil, mode != .awaitingFirstPage else { return records.map { _ in .unknown } }
        let runs = loadedRuns()
        return records.map { record in livePosition(in: runs) { precedes(record, $0) } }
    }

    private func livePosition(in runs: [(start: Int, slots: [Item?])], goesBefore: (Item) -> Bool) -> LivePosition {
        var low = 0, high = runs.count
        while low < high {
            let middle = (low + high) / 2
            if let last = runs[middle].slots.last(where: { $0 != nil }) ?? nil, goesBefore(last) { high = middle } else { low = middle + 1 }
        }
        guard low < runs.count else {
            // After every loaded row: the end when the last row is loaded, else past them.
            let lastShown = runs.last.flatMap { run in run.slots.lastIndex { $0 != nil }.map { run.start + $0 } } ?? -1
            let atEnd = isAddressable ? lastShown == total - 1 : !sequential.hasMore && lastShown == count - 1
            return atEnd ? .at(count) : .pastLoaded
        }
        let run = runs[low]
        guard let offset = run.slots.firstIndex(where: { $0.map(goesBefore) ?? false }) else { return .unknown }
        let index = run.start + offset
        return index == 0 || item(at: index - 1) != nil ? .at(index) : .unknown
    }

    /// The loaded rows in index order, a page at a time: its first index and its slots.
    func loadedRuns() -> [(start: Int, slots: [Item?])] {
        guard case .addressable(let size) = mode else { return sequential.heldRuns }
        return pages.loaded.sorted().compactMap { page in pages[page]?.slots.map { (page * size, $0) } }
    }

    /// Inserts records at the places `livePositions` gave (`index`: before the row at that
    /// index now), sorted by index, records for one place in their order. Returns their new
    /// indices, ascending (nil for a record that could not be put: a walked list's page
    /// no longer held).
    ///
    /// Addressable: every loaded page from the first place on is laid out again, each row
    /// one further down for every record put before it; a row pushed out of a loaded page
    /// into one not loaded leaves (the server has it there now, and that page brings it).
    /// Pages past one not loaded are moved down as well, but their rows' places are a guess
    /// (a change the feed has not told yet, a row deleted above them): from the first whose
    /// first rows would come from a page not loaded on, each is asked for again (`refresh`)
    /// when near, showing what it has meanwhile; the rows it brings win over their copies in
    /// pages still to be asked again.
    @discardableResult
    public func liveInsert(_ inserts: [(index: Int, item: Item)]) -> [Int?] {
        guard !inserts.isEmpty else { return [] }
        guard case .addressable(let size) = mode else { return inserts.enumerated().map { sequential.liveInsert($0.element.item, at: $0.element.index + $0.offset) } }
        let placed = inserts.enumerated().map { $0.element.index + $0.offset }
        let oldPageCount = Self.pagesFor(total: total, size: size)
        total += inserts.count
        let first = inserts[0].index / size
        var old: [Int: [Item?]] = [:]
        for page in pages.loaded where page >= first {
            guard let slots = pages[page]?.slots else { continue }
            old[page] = slots
            release(slots[...], from: page * size)
        }
        var targets = old.keys.sorted()
        // A loaded last page whose rows spill past it: the new page after it holds them.
        var next = oldPageCount
        while next < Self.pagesFor(total: total, size: size), targets.last == next - 1 {
            targets.append(next)
            next += 1
        }
        var before = 0  // records put at new indices below the current one
        var pastGap = false  // pages after one not loaded: their rows' places are a guess
        for page in targets {
            let start = page * size
            var slots: [Item?] = []
            var gap = false
            for index in start..<min(start + size, total) {
                while before < placed.count, placed[before] < index { before += 1 }
                if before < placed.count, placed[before] == index {
                    slots.append(inserts[before].item)
                    continue
                }
                let was = index - before
                let item = old[was / size].flatMap { was % size < $0.count ? $0[was % size] : nil }
                if old[was / size] == nil { gap = true }
                slots.append(item)
            }
            for (offset, item) in slots.enumerated() { if let item { positions[item.id] = start + offset } }
            var held = pages[page] ?? SparsePage<Item>()
            held.slots = slots
            held.bytes = PageByteBudget.bytes(ofSlots: slots)
            pastGap = pastGap || gap
            held.refresh = held.refresh || pastGap
            pages[page] = held
        }
        evictIfNeeded(pageSize: size)
        return placed
    }

    /// A new record past every loaded row of an addressable list: the list is one longer,
    /// and the row comes with its page (the server has it there now). False when the list
    /// is not addressable (a walked list's pages bring it in order).
    @discardableResult
    public func liveGrow() -> Bool {
        guard isAddressable else { return false }
        total += 1
        return true
    }
}

extension ListLoader {
    /// The held pages in order: each one's first index and its items.
    var heldRuns: [(start: Int, slots: [Item?])] {
        walked.held.sorted().compactMap { number in walked.pages[number].slots.map { (walked.pages[number].start, $0) } }
    }

    /// Inserts `item` before the row at `index` (at the end when `index` is the count),
    /// into the held page there; the rows after it move down one. Nil, and nothing
    /// changes, when that page is not held.
    func liveInsert(_ item: Item, at index: Int) -> Int? {
        guard seen.insert(item.id).inserted else { return nil }
        guard walked.insert(item, at: index) else {
            seen.remove(item.id)
            return nil
        }
        return index
    }
}
