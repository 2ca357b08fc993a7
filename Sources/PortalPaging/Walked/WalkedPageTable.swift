import PortalCore

/// The walked pages in order, the item count and the bytes held, kept in step.
struct WalkedPageTable<Item: Identifiable> {
    private(set) var pages: [WalkedPage<Item>] = []
    /// Each page's first index, in step with `pages`: what `page(containing:)` searches, so
    /// the search reads integers (in code generic over `Item`, reading a page's `start`
    /// copied the whole page, several times per lookup).
    private var starts: [Int] = []
    /// Items walked so far, held or not.
    private(set) var count = 0
    /// The estimated bytes of the items held.
    private(set) var itemBytes = 0
    /// The estimated bytes of the requests kept to ask dropped pages again (cursors count:
    /// a server's can be megabytes each).
    private(set) var requestBytes = 0
    /// What a walked list's byte bound limits: the items held and the requests kept.
    var heldBytes: Int { itemBytes + requestBytes }
    /// The pages holding their items.
    private(set) var held = Set<Int>()
    /// Pages being asked for again, by request.
    private(set) var refetching: [PageRequest: Int] = [:]

    /// Adds a page that brought `items` (already judged new) by `request`. `itemBytes`:
    /// their estimates' sum when noted where the page was decoded (else estimated here).
    mutating func append(_ items: [Item], by request: PageRequest, itemBytes: Int? = nil) {
        guard !items.isEmpty else { return }
        var remembered = request
        remembered.http.reload = false
        remembered.http.revalidate = false
        let slots = items.map { Optional($0) }
        let bytes = itemBytes.map { PageByteBudget.bytes(ofSlots: slots.count, of: Item.self, itemBytes: $0) }
            ?? PageByteBudget.bytes(ofSlots: slots)
        let kept = PageByteBudget.bytes(ofRequest: remembered)
        held.insert(pages.count)
        pages.append(WalkedPage(request: remembered, requestBytes: kept, start: count, ids: items.map { $0.id }, slots: slots, bytes: bytes))
        starts.append(count)
        count += items.count
        self.itemBytes += bytes
        requestBytes += kept
    }

    /// The page holding item `index`.
    func page(containing index: Int) -> Int? {
        guard index >= 0, index < count else { return nil }
        return starts.withUnsafeBufferPointer { starts in
            var low = 0, high = starts.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if starts[middle] <= index { low = middle } else { high = middle - 1 }
            }
            return low
        }
    }

    /// The pages that overlap the item indices `range` (clamped to the list).
    func pages(overlapping range: Range<Int>) -> ClosedRange<Int>? {
        let low = max(range.lowerBound, 0), high = min(range.upperBound, count) - 1
        guard low <= high, let first = page(containing: low), let last = page(containing: high) else { return nil }
        return first...last
    }

    func item(at index: Int) -> Item? {
        guard let number = page(containing: index), let slots = pages[number].slots else { return nil }
        return slots[index - starts[number]]
    }

    /// Whether the item at `index` is on its way back (its page asked again).
    func isRefetching(_ index: Int) -> Bool {
        guard let number = page(containing: index), case .loading = pages[number].refetch else { return false }
        return true
    }

    /// Where the item with `id` is, if it is held.
    func index(ofID id: Item.ID) -> Int? {
        for number in held.sorted() {
            guard let slots = pages[number].slots, let offset = slots.firstIndex(where: { $0?.id == id }) else { continue }
            return pages[number].start + offset
        }
        return nil
    }

    /// The items held, in order (dropped pages left out).
    var heldItems: [Item] {
        var items: [Item] = []
        for number in held.sorted() { items += pages[number].slots?.compactMap { $0 } ?? [] }
        return items
    }

    /// Puts `item` in place of the held item with its id; returns where, or nil.
    mutating func replace(_ item: Item) -> Int? {
        guard let index = index(ofID: item.id), let number = page(containing: index) else { return nil }
        let offset = index - pages[number].start
        pages[number].slots?[offset] = item
        return index
    }

    /// Puts `item` before the row at `index` (after the last row when `index` is the
    /// count) in the held page there, for a live list; the pages after it start one further
    /// on. False, and nothing changes, when that page is not held.
    mutating func insert(_ item: Item, at index: Int) -> Bool {
        guard let number = index == count ? pages.indices.last : page(containing: index), pages[number].slots != nil else { return false }
        let offset = index - pages[number].start
        pages[number].slots?.insert(item, at: offset)
        pages[number].ids.insert(item.id, at: offset)
        let bytes = PageByteBudget.bytes(of: item) + MemoryLayout<Item?>.stride
        pages[number].bytes += bytes
        itemBytes += bytes
        for later in pages.indices where later > number {
            pages[later].start += 1
            starts[later] += 1
        }
        count += 1
        return true
    }

    /// Drops page `number`'s items; its request and ids stay.
    mutating func drop(_ number: Int) {
        guard pages.indices.contains(number), pages[number].slots != nil else { return }
        pages[number].slots = nil
        itemBytes -= pages[number].bytes
        held.remove(number)
    }

    /// Lets dropped page `number`'s request go (past the byte budget): the page can no
    /// longer be asked again. Returns the bytes freed.
    @discardableResult
    mutating func forgetRequest(_ number: Int) -> Int {
        guard pages.indices.contains(number), pages[number].slots == nil, pages[number].request != nil,
              case .none = pages[number].refetch else { return 0 }
        let freed = pages[number].requestBytes
        pages[number].request = nil
        pages[number].requestBytes = 0
        requestBytes -= freed
        return freed
    }

    /// Marks page `number` as asked again; the request to send, or nil when it needs none.
    mutating func startRefetch(_ number: Int) -> PageRequest? {
        guard pages.indices.contains(number), pages[number].slots == nil, case .none = pages[number].refetch else { return nil }
        guard let request = pages[number].request else {
            pages[number].refetch = .failed(Self.forgotten, notBefore: nil)
            return nil
        }
        pages[number].refetch = .loading(request)
        refetching[request] = number
        return request
    }

    /// The page a result answers, when `request` is one asked again.
    func refetched(by request: PageRequest) -> Int? { refetching[request] }

    /// Puts a page asked again back: its items matched by id (an item the server no
    /// longer lists stays empty); by position when none match (ids that are positions).
    mutating func refill(_ number: Int, with items: [Item]) {
        finishRefetch(number, .none)
        guard pages[number].slots == nil else { return }
        let ids = pages[number].ids
        var byID: [Item.ID: Item] = [:]
        for item in items where byID[item.id] == nil { byID[item.id] = item }
        var slots = ids.map { byID[$0] }
        if slots.allSatisfy({ $0 == nil }) { slots = ids.indices.map { $0 < items.count ? items[$0] : nil } }
        let bytes = PageByteBudget.bytes(ofSlots: slots)
        pages[number].slots = slots
        pages[number].bytes = bytes
        itemBytes += bytes
        held.insert(number)
    }

    /// Why a page whose request was let go stays a placeholder.
    static var forgotten: PageFailure {
        PageFailure(.refusedNext, "this page's link was let go to stay within the memory budget (its cursor is large): R reads the list again")
    }

    mutating func finishRefetch(_ number: Int, _ state: WalkedRefetch) {
        if case .loading(let request) = pages[number].refetch { refetching[request] = nil }
        pages[number].refetch = state
    }
}
