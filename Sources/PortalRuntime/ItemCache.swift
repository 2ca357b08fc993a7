import PortalCore
import Synchronization

/// Items seen in pages and lookups, by kind and id, so following a link to one of them
/// asks the network for nothing. Bounded: past `limit` the oldest entries go first (a
/// million-row list does not keep a million copies here).
final class ItemCache: Sendable {
    private struct State {
        var items: [ItemKey: Item] = [:]
        var order: [ItemKey] = []
        var head = 0
    }

    private let limit: Int
    private let state = Mutex(State())

    init(limit: Int) { self.limit = max(1, limit) }

    func remember(_ items: [Item]) {
        state.withLock { s in
            for item in items {
                // A list entry never replaces the complete item it is a summary of.
                if !item.isComplete, s.items[item.id]?.isComplete == true { continue }
                if s.items.updateValue(item, forKey: item.id) == nil { s.order.append(item.id) }
            }
            while s.items.count > limit, s.head < s.order.count {
                s.items.removeValue(forKey: s.order[s.head])
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
            for key in keys { if let item = s.items[key], item.isComplete { out[key] = item } }
            return out
        }
    }

    /// `items` with every incomplete one replaced by its complete version when known, so
    /// a page shows what earlier lookups learnt (a Pokémon's types) at no request.
    func completing(_ items: [Item]) -> [Item] {
        guard items.contains(where: { !$0.isComplete }) else { return items }
        return state.withLock { s in
            items.map { item in
                guard !item.isComplete, let known = s.items[item.id], known.isComplete else { return item }
                return known
            }
        }
    }
}
