/// What a pushed change (a live list, issue 38) does to a sparse list: a record already
/// loaded is replaced where it is (`replace`); a new one is added at the list's end
/// (`liveAppend`). Nothing else moves, so the selection and the screen stay put.
extension SparseList {
    /// Where a record pushed as new went.
    public enum LivePlacement: Sendable, Equatable {
        /// Shown at this index (the last page was loaded and had room).
        case shown(Int)
        /// The list grew by one at its end; the page there is not loaded, so the record
        /// is asked for with it (the server has it now) when the screen nears it.
        case grew
        /// The list could not take it now (a sequential list not walked to its end, a list
        /// still loading or refreshing): it comes with its page, or with `R`.
        case notPlaced
        /// It is already in the list (its id is loaded).
        case alreadyShown(Int)
    }

    /// Adds `item` after the last index. An addressable list grows by one: into its last
    /// page when that page is loaded (the item shown at once), else as a placeholder of a
    /// page asked for when near. A sequential list is not changed (its pages come in order,
    /// the new record with the last of them).
    @discardableResult
    public func liveAppend(_ item: Item) -> LivePlacement {
        if let index = index(ofID: item.id) { return .alreadyShown(index) }
        guard case .addressable(let size) = mode, size > 0, !isRefreshing, end.short == nil, end.probe == nil else { return .notPlaced }
        let index = total
        let page = index / size
        total += 1
        guard var held = pages[page], var slots = held.slots, slots.count == index % size else { return .grew }
        slots.append(item)
        held.slots = slots
        held.bytes += PageByteBudget.bytes(of: item) + MemoryLayout<Item?>.stride
        pages[page] = held
        positions[item.id] = index
        return .shown(index)
    }
}
