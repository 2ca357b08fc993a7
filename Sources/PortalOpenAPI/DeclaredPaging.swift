import Foundation

/// How an operation's document says it pages, in the vendor extension's own terms
/// (`x-ms-pageable`, `x-speakeasy-pagination`, `x-fern-pagination`,
/// `x-stainless-pagination-property`), before it becomes one of portal's paging dialects
/// (`OpenAPIDialect`, the one place that maps it). Kept apart from portal's dialect types
/// so reading a document does not change when those do.
public enum DeclaredPaging: Sendable, Hashable, CustomStringConvertible {
    /// The next page's URL is in the body at this path (`nextLink`, `next`).
    case nextURL(path: [String])
    /// An opaque token at `path` in the body is sent back as `param`.
    case cursor(param: String, path: [String])
    /// `param` moves by the page's item count.
    case offset(param: String)
    /// `param` is a page number that goes up by one.
    case pageNumber(param: String)
    /// The last item's id is sent back as `param` (Stripe's `starting_after`).
    case lastItemID(param: String)
    /// One page: the document says there is no next link.
    case none

    public var description: String {
        switch self {
        case .nextURL(let path): "the URL at \(path.joined(separator: ".")) in the body"
        case .cursor(let param, let path): "the token at \(path.joined(separator: ".")), sent back as \(param)="
        case .offset(let param): "\(param)= moved by each page's item count"
        case .pageNumber(let param): "page numbers (\(param)=N)"
        case .lastItemID(let param): "the last item's id sent as \(param)="
        case .none: "none (one page)"
        }
    }
}

/// What an operation's vendor extensions say about its list: where the items are, how
/// it pages, and which extension said so (for `--explain` and the trace).
public struct DeclaredList: Sendable, Hashable {
    /// The items' path in the answer; empty for a top-level array; nil when not said.
    public var items: [String]?
    public var paging: DeclaredPaging?
    /// The extension it came from (`x-ms-pageable`, …).
    public var source: String
    /// What the query parameters suggest (an integer `offset`, `skip` or `start`; else
    /// `page`), taken only when neither an extension nor the first answer shows paging:
    /// FastAPI's `list[Item]` with `skip` and `limit` answers a bare array and no link.
    public var fromParameters: DeclaredPaging?

    public init(items: [String]? = nil, paging: DeclaredPaging? = nil, source: String, fromParameters: DeclaredPaging? = nil) {
        self.items = items
        self.paging = paging
        self.source = source
        self.fromParameters = fromParameters
    }
}
