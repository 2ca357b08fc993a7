import PortalCore

/// Where one page of a sparse list stands. The per-page form of `PageState`: the
/// load-more guard ("not while it is in flight, never twice") holds for each page on its
/// own, so pages above and below the viewport load independently.
public enum SparsePageState: Sendable, Equatable {
    /// Not loaded and not asked for: the next ticket near it asks for it.
    case idle
    /// Asked for; no second ticket until its result is applied.
    case loading
    /// Its last request failed; only `retry()` asks again (not before `Retry-After`).
    case failed(PageFailure)
    /// Its items are in the list.
    case loaded
}
