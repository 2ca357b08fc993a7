import PortalCore

/// What applying a page result did to a sparse list; the grid redraws from it.
///
/// Unlike `ListChange`, a loaded page does not insert: its indices already existed as
/// placeholders, so no other item moves and the selection stays where it is. Read
/// `count` after any change: a live server may have reported a new total with the page.
public enum SparseChange: Sendable, Equatable {
    /// The placeholders at exactly these indices were replaced in one batch (a page of an
    /// addressable list). Indices whose id was already shown elsewhere stay placeholders.
    case loaded(Range<Int>)
    /// Items were appended at exactly this range (a sequential list, as `ListLoader`).
    case appended(Range<Int>)
    /// The page failed; nothing loaded was touched.
    case failed(PageFailure)
    /// The result was for an older generation or a page no longer asked for; dropped.
    case ignored
}
