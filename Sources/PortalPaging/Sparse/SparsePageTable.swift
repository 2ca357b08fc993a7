import PortalCore

/// The pieces `SparseList` keeps its pages in: one page's slots and fetch state, the table
/// of pages with the indices of its loaded, loading, failed and stale ones kept beside
/// it, and the last viewport asked for.

struct SparsePage<Item> {
    /// The page's items by offset, nil where an id was already shown elsewhere; nil
    /// when the page is not loaded.
    var slots: [Item?]?
    var fetch: SparseFetch = .idle
    /// Loaded, but cut short by a total that grew since: asked for once more.
    var refresh = false
    /// Loaded before a `refresh`: shown until its new answer arrives.
    var stale = false
    /// The estimated bytes of its items (`PageByteBudget`), counted once when applied.
    var bytes = 0

    var isEmpty: Bool { slots == nil && !fetch.isLoading && !fetch.isFailed }
}

/// The pages by index, with the indices of the loaded, loading and failed ones kept
/// beside them, so counting those costs nothing: with 10,000 pages held, scanning the
/// table for them on every page that arrived cost about 10 ms a page (`make bench`,
/// `sparse`). Every write goes through the subscript, which keeps the three in step.
struct SparsePageTable<Item> {
    private var byIndex: [Int: SparsePage<Item>] = [:]
    private(set) var loaded = Set<Int>()
    private(set) var loading = Set<Int>()
    private(set) var failed = Set<Int>()
    private(set) var stale = Set<Int>()
    /// The estimated bytes of the loaded pages' items (what `SparseList.maxBytes` bounds).
    private(set) var heldBytes = 0

    subscript(index: Int) -> SparsePage<Item>? {
        get { byIndex[index] }
        set {
            if let old = byIndex[index], old.slots != nil { heldBytes -= old.bytes }
            if let newValue, newValue.slots != nil { heldBytes += newValue.bytes }
            byIndex[index] = newValue
            if newValue?.stale == true && newValue?.slots != nil { stale.insert(index) } else { stale.remove(index) }
            if newValue?.slots != nil { loaded.insert(index) } else { loaded.remove(index) }
            if newValue?.fetch.isLoading == true { loading.insert(index) } else { loading.remove(index) }
            if newValue?.fetch.isFailed == true { failed.insert(index) } else { failed.remove(index) }
        }
    }

    subscript(index: Int, default page: @autoclosure () -> SparsePage<Item>) -> SparsePage<Item> {
        get { byIndex[index] ?? page() }
        set { self[index] = newValue }
    }

    var keys: Dictionary<Int, SparsePage<Item>>.Keys { byIndex.keys }
}

enum SparseFetch {
    case idle
    case loading(PageRequest)
    case failed(PageFailure, PageRequest, notBefore: ContinuousClock.Instant?)

    var isLoading: Bool { if case .loading = self { true } else { false } }
    var isFailed: Bool { if case .failed = self { true } else { false } }
}

struct SparseWindow: Equatable, Sendable {
    var visible: Range<Int>
    var before: Int
    var after: Int
}
