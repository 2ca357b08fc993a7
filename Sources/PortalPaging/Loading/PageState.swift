import PortalCore

/// Where a list stands. An enum, not an `isLoading` Bool: a load-more while `loading` is a
/// no-op, a failure remembers the page to retry, and the end is a state of its own.
public enum PageState: Sendable, Equatable {
    /// Nothing in flight; a next page exists.
    case idle
    /// One page request in flight.
    case loading(PageRequest)
    /// The last page request failed; `retry()` asks for the same page again.
    case failed(PageFailure, PageRequest)
    /// `next` was null: every page is loaded.
    case exhausted

    public var isLoading: Bool {
        if case .loading = self { return true }
        return false
    }
}

/// A page to fetch, stamped with the list generation that asked for it. A result whose
/// generation is not the list's current one (the list was reset meanwhile) is dropped.
public struct PageTicket: Sendable, Hashable {
    public let generation: Int
    public let request: PageRequest
}

/// What applying a page result did to the list; the UI turns it into a batch update.
public enum ListChange: Sendable, Equatable {
    /// Items were appended at exactly this index range, in the same step as the store
    /// changed (the range may be empty when a page held only duplicates).
    case inserted(Range<Int>)
    /// The page failed; nothing loaded was touched.
    case failed(PageFailure)
    /// The result was for an older generation or an outdated request, and was dropped.
    case ignored
}
