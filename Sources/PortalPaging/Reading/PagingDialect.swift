import Foundation
import PortalCore

/// One way an API pages a list, as a value: how it is recognised from a first answer, the
/// first request, how page N is asked for where the answer shows that pages are
/// addressable, the request after an answer (a next link, a cursor, an offset…), and
/// where the total is when the answer says it.
///
/// Why a protocol and not an enum: each dialect is one file in `Paging/Dialects/` and one
/// line in `PagingDialects.all`, so a new one (GraphQL's, OData's) touches nothing else —
/// no switch elsewhere knows the list of dialects. Requests are `PageRequest` values
/// carrying a method and a body, so a POST dialect needs no new plumbing.
public protocol PagingDialect: Sendable, Hashable, CustomStringConvertible {
    /// The `--paging` name (`link`, `next`, `cursor`…).
    static var name: String { get }

    /// This dialect as `answer` shows it (with its place: a body path, a parameter), or nil
    /// when the answer does not page this way.
    static func recognise(_ answer: FirstAnswer) -> Self?

    /// `--paging NAME`: the dialect as told, its place read from the answer where it has
    /// one; a failure naming what was looked for when the answer has no such place.
    static func told(_ answer: FirstAnswer) throws(PageFailure) -> Self

    /// The list's first request (a GET of its URL unless the dialect asks otherwise).
    func firstRequest(of list: AnyAPIPages) -> PageRequest

    /// How page N is asked for, when `answer` shows it; nil when the list can only be walked.
    func address(_ answer: FirstAnswer) -> PageAddress?

    /// Where the total is, when `answer` says it.
    func totalSource(_ answer: FirstAnswer) -> TotalSource?

    /// Whether `response` ends the list instead of failing it (a 416 past the last window).
    func isPastEnd(_ response: HTTPResponse) -> Bool

    /// The request for the page after `answer`; nil at the end of the list.
    func next(after answer: PageAnswer) throws(PageFailure) -> PageRequest?
}

extension PagingDialect {
    public var name: String { Self.name }

    public func firstRequest(of list: AnyAPIPages) -> PageRequest { list.request(at: list.url, index: 0) }

    public func address(_ answer: FirstAnswer) -> PageAddress? { nil }

    /// A total in the body (`count`, `meta.total`…) or the `X-Total-Count` header.
    public func totalSource(_ answer: FirstAnswer) -> TotalSource? { TotalSource.common(answer) }

    public func isPastEnd(_ response: HTTPResponse) -> Bool { false }

    /// Whether `other` is this very dialect, place included.
    public func isSame(as other: any PagingDialect) -> Bool { (other as? Self) == self }
}

/// `dialect == .nextURL(["next"])`: a dialect held as `any PagingDialect` against a value.
public func == <Dialect: PagingDialect>(lhs: any PagingDialect, rhs: Dialect) -> Bool {
    (lhs as? Dialect) == rhs
}
