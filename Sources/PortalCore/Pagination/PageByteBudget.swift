/// What a value costs in memory, estimated once: what bounds the pages a list keeps and
/// the items a cache keeps by bytes rather than by count.
///
/// A count bound is only as good as the items are small: `--max-pages 5` with pages of
/// one 7 MiB item grew to 1.6 GB, because what held the items (the item cache, 20,000 of
/// them) counted items, not bytes. The estimate is the value's inline size and the heap
/// bytes of its strings and arrays; it is computed when a page is applied (or an item
/// remembered), never again.
public protocol MemoryFootprint {
    /// About how many bytes the value holds, inline and on the heap.
    var estimatedBytes: Int { get }
}

/// The byte bounds of loaded pages and cached items, and how they are counted.
public enum PageByteBudget {
    /// The most bytes of items one tab's loaded pages hold by default: with the browser's
    /// items (about 300 bytes each) that is about 50,000 items, 2,700 pages of 20; with
    /// 7 MiB items, two pages (and the pages on screen, which are always kept).
    public static var defaultMaxBytes: Int { 16 * 1_048_576 }

    /// The most bytes of items the interpreter's item cache holds by default.
    public static var defaultItemCacheBytes: Int { 8 * 1_048_576 }

    /// Heap bytes of a string beyond its inline form (Swift keeps up to 15 UTF-8 bytes
    /// inside the string itself; a longer one is a buffer with a 32-byte header).
    @inlinable
    public static func heapBytes(_ text: String) -> Int {
        let count = text.utf8.count
        return count > 15 ? 32 + count : 0
    }

    /// Heap bytes of an array of `count` elements of `stride` bytes.
    @inlinable
    public static func heapBytes(count: Int, stride: Int) -> Int {
        count == 0 ? 0 : 32 + count * stride
    }

    /// The estimated bytes of `item`: its own estimate when it has one, else its inline size.
    public static func bytes<Item>(of item: Item) -> Int {
        (item as? any MemoryFootprint)?.estimatedBytes ?? MemoryLayout<Item>.stride
    }

    /// The estimated bytes of a request kept to ask a page again (a walked page's cursor or
    /// `next` link): its URL, headers and body. A server's opaque cursor can be megabytes,
    /// so what a list keeps of its requests counts against its budget as its items do.
    public static func bytes(ofRequest request: PageRequest) -> Int {
        var total = MemoryLayout<PageRequest>.stride + heapBytes(request.http.url.absoluteString) + (request.http.body?.count ?? 0)
        for (name, value) in request.http.headers { total += heapBytes(name) + heapBytes(value) + 16 }
        return total
    }

    /// The estimated bytes of a page's slots: the array and every item in it.
    public static func bytes<Item>(ofSlots slots: [Item?]) -> Int {
        var total = heapBytes(count: slots.count, stride: MemoryLayout<Item?>.stride)
        for case let item? in slots { total += bytes(of: item) - MemoryLayout<Item>.stride }
        return total
    }

    /// The same for a page of `count` slots, all items, whose items' estimates
    /// (`bytes(of:)`) add up to `itemBytes` (noted where the page was decoded).
    public static func bytes<Item>(ofSlots count: Int, of type: Item.Type, itemBytes: Int) -> Int {
        heapBytes(count: count, stride: MemoryLayout<Item?>.stride) + itemBytes - count * MemoryLayout<Item>.stride
    }
}
