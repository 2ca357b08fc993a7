/// The byte side of a sparse list's bound: what its loaded pages hold, by the estimate
/// made once per page when it is applied (`PageByteBudget`).
extension SparseList {
    /// The estimated bytes of the items in the loaded pages (bounded by `maxBytes`, but for
    /// the pages near the viewport, which are always kept).
    public var heldBytes: Int { pages.heldBytes }
}
