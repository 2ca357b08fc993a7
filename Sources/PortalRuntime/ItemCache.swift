import PortalCore
import Synchronization

/// Items seen in pages and lookups, by kind and id, so following a link to one of them
/// asks the network for nothing. Bounded by count and by bytes (`Item.estimatedBytes`,
/// counted once when an item is remembered): past `limit` items or `maxBytes` the oldest
/// entries go first. A million-row list does not keep a million copies here, and pages of
/// one 7 MiB item do not keep 20,000 of those (1.6 GB after 106 pages, when only the
/// count was bounded).
final class ItemCache: Sendable {
    private struct Entry {
        var item: Item
        var bytes: Int
    }

    private struct State {
        var items: [ItemKey: Entry] = [:]
        var order: [ItemKey] = []
        var head = 0
        var heldBytes = 0
    }

    private let limit: Int
    private let maxBytes: Int
    private let state = Mutex(State())

    init(limit: Int, maxBytes: Int = PageByteBudget.defaultItemCacheBytes) {
        self.limit = max(1, limit)
        self.maxBytes = max(0, maxBytes)
    }

    /// The estimated bytes of the items held (what `maxBytes` bounds).
    var heldBytes: Int { state.withLock { $0.heldBytes } }

    /// How many items are held.
    var count: Int { state.withLock { $0.items.count } }

    func remember(_ items: [Item]) {
        state.withLock { s in
            for item in items {
                // A list entry never replaces the complete item it is a summary of.
                if !item.isComplete, s.items[item.id]?.item.isComplete == true { continue }
                let entry = Entry(item: item, bytes: item.estimatedBytes)
                s.heldBytes += entry.bytes
                if let old = s.items.updateValue(entry, forKey: item.id) {
                    s.heldBytes -= old.bytes
                } else {
                    s.order.append(item.id)
                }
            }
            while s.items.count > limit || s.heldBytes > maxBytes, s.head < s.order.count {
                if let gone = s.items.removeValue(forKey: s.order[s.head]) { s.heldBytes -= gone.bytes }
                s.head += 1
            }
            // Compact the queue once its dead prefix dominates.
            if s.head > 1024, s.head * 2 > s.order.count {
                s.order.removeFirst(s.head)
                s.head = 0
            }
        }
    }

    /// The complete items known for `keys` (a list entry cannot stand in for its detail).
    func lookup(_ keys: [ItemKey]) -> [ItemKey: Item] {
        state.withLock { s in
            var out: [ItemKey: Item] = [:]
            for key in keys { if let entry = s.items[key], entry.item.isComplete { out[key] = entry.item } }
            return out
        }
    }

    /// `items` with every incomplete one replaced by its complete version when known, so
    /// a page shows what earlier lookups learnt (a Pokémon's types) at no request.
    func completing(_ items: [Item]) -> [Item] {
        guard items.contains(where: { !$0.isComplete }) else { return items }
        return state.withLock { s in
            items.map { item in
                guard !item.isComplete, let known = s.items[item.id]?.item, known.isComplete else { return item }
                return known
            }
        }
    }
}
