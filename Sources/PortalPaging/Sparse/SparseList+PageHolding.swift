import PortalCore

extension SparseList {
    /// The page holding item `index` in either mode (from 0): an addressable list's page
    /// number, or in a list that walks the page it arrived on (walked pages need not be
    /// of one size: repeats are dropped, the last is short). The status line says it for
    /// the selection, so a walked list reads like one that jumps (`13 / 826 · page 1`).
    public func page(holding index: Int) -> Int? {
        isAddressable ? page(containing: index) : sequential.walked.page(containing: index)
    }
}
