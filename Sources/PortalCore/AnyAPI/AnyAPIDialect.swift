/// How an API no description covers pages, read once from its first answer
/// (`DialectDetector`) or given with `--paging` / `--items`: where the items are, where the
/// next page is, where the total is, and how to ask for any page when the server allows it.
public struct AnyAPIDialect: Sendable, Hashable {
    /// The items' path in the body (`results`, `_embedded.orders`); empty for a top-level array.
    public var items: [String]
    public var paging: AnyPaging
    /// Where the total is, when the answer says.
    public var total: AnyTotal?
    /// How to ask for page N directly; nil when the list can only be walked.
    public var addressing: AnyAddressing?
    /// Items on the first page (every page but the last, when addressable).
    public var pageSize: Int

    public init(items: [String], paging: AnyPaging, total: AnyTotal? = nil, addressing: AnyAddressing? = nil, pageSize: Int) {
        self.items = items
        self.paging = paging
        self.total = total
        self.addressing = addressing
        self.pageSize = pageSize
    }

    /// What was decided, a line each, for `--trace` and `portal list --explain`.
    public var explanation: [String] {
        [
            "items: " + (items.isEmpty ? "the top-level array" : items.joined(separator: ".")) + " (\(pageSize) on the first page)",
            "next page: \(paging)",
            "total: " + (total.map { "\($0)" } ?? "none given"),
            "jumps: " + (addressing.map { "\($0)" } ?? "none (the list is walked page by page)"),
        ]
    }
}

/// Where the next page is.
public enum AnyPaging: Sendable, Hashable, CustomStringConvertible {
    /// RFC 8288 `Link: <…>; rel="next"` (GitHub).
    case linkHeader
    /// A URL in the body at this path (`next`, `links.next`, `_links.next.href`, …).
    case nextURL([String])
    /// Page numbers with no link: `param` + 1 while the answer says there are more.
    case pageNumber(param: String)
    /// `param` moves by the page's item count (`offset`, `start`, `skip`).
    case offset(param: String)
    /// An opaque token at `path`, sent back as `param` (`next_cursor` → `cursor`).
    case cursor(path: [String], param: String)
    /// `has_more: true`, the last item's `id` sent as `param` (Stripe's `starting_after`).
    case hasMore(param: String)
    /// `Content-Range: a-b/total` windows asked with a `Range` header (PostgREST).
    case contentRange
    /// One page: the answer names no other.
    case none

    public var description: String {
        switch self {
        case .linkHeader: "the Link header's rel=\"next\""
        case .nextURL(let path): "the URL at \(path.joined(separator: ".")) in the body"
        case .pageNumber(let param): "page numbers (\(param)=N) while the answer says there are more"
        case .offset(let param): "\(param)= moved by each page's item count"
        case .cursor(let path, let param): "the token at \(path.joined(separator: ".")), sent back as \(param)="
        case .hasMore(let param): "has_more, the last item's id sent as \(param)="
        case .contentRange: "Content-Range windows (Range: a-b)"
        case .none: "none (one page)"
        }
    }

    /// `--paging` names.
    public static let names = ["link", "next", "page", "offset", "cursor", "has-more", "range", "none"]
}

/// Where the total is.
public enum AnyTotal: Sendable, Hashable, CustomStringConvertible {
    /// A number in the body (`count`, `total`, `meta.total`, …).
    case body([String])
    /// A header (`X-Total-Count`).
    case header(String)
    /// `Content-Range: a-b/total`.
    case contentRange
    /// The `last` link's page number times the page size: an estimate until the last page is read.
    case lastLink(param: String)

    public var description: String {
        switch self {
        case .body(let path): path.joined(separator: ".") + " in the body"
        case .header(let name): "the \(name) header"
        case .contentRange: "the Content-Range header"
        case .lastLink(let param): "the last link's \(param) (an estimate until the last page)"
        }
    }

    /// Whether the figure is only an estimate.
    public var isEstimate: Bool {
        if case .lastLink = self { return true }
        return false
    }
}

/// How to ask for page N.
public enum AnyAddressing: Sendable, Hashable, CustomStringConvertible {
    /// `param` = first + N on the template URL.
    case pageParam(String, first: Int)
    /// `param` = start + N × size on the template URL.
    case offsetParam(String, start: Int)
    /// `Range: N×size-…` with `Range-Unit: items`.
    case rangeHeader

    public var description: String {
        switch self {
        case .pageParam(let name, let first): "\(name)=N (from \(first))"
        case .offsetParam(let name, _): "\(name)=N×size"
        case .rangeHeader: "Range: a-b"
        }
    }
}
