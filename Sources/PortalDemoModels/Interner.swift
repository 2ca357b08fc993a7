import Synchronization

/// Shares one storage buffer between equal strings and id lists.
///
/// A million characters repeat a few hundred species, types, place names and episode
/// lists; interning keeps one copy of each instead of one per character. It is locked
/// because pages decode on background tasks.
public final class Interner: Sendable {
    private let strings = Mutex<Set<String>>([])
    private let idLists = Mutex<Set<[Int32]>>([])

    public init() {}

    /// The shared instance used by decoding unless a caller supplies its own.
    public static let shared = Interner()

    /// Returns the canonical copy of `value`. Small strings (15 UTF-8 bytes or fewer) live
    /// inline in the String value itself, so they are returned as they are.
    public func intern(_ value: String) -> String {
        if value.utf8.count <= 15 { return value }
        return strings.withLock { set in
            if let existing = set.firstIndex(of: value) { return set[existing] }
            set.insert(value)
            return value
        }
    }

    /// Returns the canonical copy of an id list (most characters share a handful of them).
    public func intern(_ ids: [Int32]) -> [Int32] {
        if ids.isEmpty { return [] }
        return idLists.withLock { set in
            if let existing = set.firstIndex(of: ids) { return set[existing] }
            set.insert(ids)
            return ids
        }
    }
}
