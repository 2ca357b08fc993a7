/// Which slots of a churned table are alive, and the n-th alive one, in O(log n): a
/// Fenwick tree of 0/1 counts. A slot is a base record's position or a created record's
/// number past them; a deletion is a count taken off, a creation a slot appended.
///
/// Why not a sorted array of deletions: at thousands of changes a second on a million
/// rows, every deletion moved megabytes; here each change is a few dozen additions.
struct AliveSlots: Sendable, Equatable {
    /// 1-based Fenwick sums; `tree[0]` unused.
    private var tree: [Int32]
    /// Alive slots in all.
    private(set) var alive: Int

    /// `count` slots, all alive.
    init(count: Int) {
        tree = [0] + (1...max(1, count)).map { Int32(truncatingIfNeeded: $0 & -$0) }
        if count == 0 { tree = [0] }
        alive = count
    }

    /// Slots ever made (alive or not).
    var slots: Int { tree.count - 1 }

    /// Alive slots before `slot`.
    func rank(_ slot: Int) -> Int {
        var sum = 0
        var index = slot
        while index > 0 {
            sum += Int(tree[index])
            index -= index & -index
        }
        return sum
    }

    func isAlive(_ slot: Int) -> Bool {
        slot >= 0 && slot < slots && rank(slot + 1) - rank(slot) == 1
    }

    /// The slot of the `position`-th alive one (0-based); `position` must be below `alive`.
    func select(_ position: Int) -> Int {
        var index = 0
        var left = position + 1
        var step = 1
        while step * 2 <= slots { step *= 2 }
        while step > 0 {
            let next = index + step
            if next <= slots, Int(tree[next]) < left {
                index = next
                left -= Int(tree[next])
            }
            step /= 2
        }
        return index
    }

    /// A new alive slot at the end.
    mutating func append() {
        let index = tree.count
        let low = index & -index
        tree.append(Int32(truncatingIfNeeded: 1 + rank(index - 1) - rank(index - low)))
        alive += 1
    }

    /// `slot` (alive) is no more.
    mutating func remove(_ slot: Int) {
        var index = slot + 1
        while index < tree.count {
            tree[index] -= 1
            index += index & -index
        }
        alive -= 1
    }
}
