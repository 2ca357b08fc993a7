import PortalCore

/// What a sparse list holds at one index: an item, or a placeholder standing in for one
/// that is not loaded (yet, or any more).
///
/// Placeholders are what let the grid count every item of a million-row list while
/// holding a few pages: it draws a dim card where an item will be, "loading…" while its
/// page is in flight.
public enum SparseSlot<Item: Sendable>: Sendable {
    case item(Item)
    /// No item here; `loading` while the page holding this index is in flight.
    case placeholder(loading: Bool)

    public var item: Item? {
        if case .item(let item) = self { return item }
        return nil
    }
}

extension SparseSlot: Equatable where Item: Equatable {}
