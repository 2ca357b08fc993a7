import Foundation
import PortalJSON
import PortalCore

/// A paging spec as a list is read with it: the dialect its style names, with the spec's
/// parameter names and places (what it leaves out read from the first answer, as
/// `--paging STYLE` reads it), the total where the spec says it is, and how page N is
/// asked. One code path for every list with a spec: a user's `[apis.NAME.lists.LIST]
/// paging = {…}` read from its first answer (`DialectDetector`), and a built-in API's
/// preset file read before any answer (`reading(url:items:pageSize:)`, the presets'
/// sources: their first request must be made before there is an answer to read).
extension PagingSpec {
    /// The dialect for the list whose first answer is `answer`.
    public func dialect(_ answer: FirstAnswer) throws(PageFailure) -> any PagingDialect {
        guard let named = PagingDialects.named(style) else {
            throw PageFailure(.malformed, "paging style \(style) is not one of \(PagingDialects.names.joined(separator: ", "))")
        }
        switch style {
        case PageNumberPaging.name:
            return PageNumberPaging(param: self["page"] ?? "page", pastEnd: pastEnd)
        case OffsetPaging.name:
            return OffsetPaging(param: self["offset"] ?? "offset")
        case CursorPaging.name:
            if let next = self["next"] { return CursorPaging(path: Self.path(next), param: self["cursor"] ?? "cursor") }
            var told = try CursorPaging.told(answer)
            if let cursor = self["cursor"] { told.param = cursor }
            return told
        case NextURLPaging.name:
            var dialect: NextURLPaging
            if let next = self["next"] { dialect = NextURLPaging(path: Self.path(next)) } else { dialect = try NextURLPaging.told(answer) }
            dialect.page = self["page"]
            dialect.pastEnd = pastEnd
            return dialect
        case HasMorePaging.name:
            var dialect = HasMorePaging(param: self["cursor"] ?? "starting_after")
            if let flag = self["has_more"] { dialect.flag = Self.path(flag) }
            dialect.value = self["next"].map(Self.path)
            return dialect
        default:
            return try named.told(answer)
        }
    }

    /// Where the spec says the total is (`total = "paging.total_count"`,
    /// `"header:X-Total-Count"`, or `"header:Content-Range"` for the total after the `/` of
    /// `Content-Range: 0-19/826`); nil when it says nothing.
    public var totalSource: TotalSource? {
        guard let total = self["total"] else { return nil }
        if total.lowercased().hasPrefix("header:") {
            let name = String(total.dropFirst(7)).lowercased()
            return name == "content-range" ? .contentRange : .header(name)
        }
        return .body(Self.path(total))
    }

    /// The list whose first answer is `answer`, read as this spec says: its dialect, its
    /// total (the spec's, else where the dialect finds one), and how page N is asked (where
    /// the answer has items to step by).
    public func reading(_ answer: FirstAnswer) throws(PageFailure) -> ListReading {
        let paging = try dialect(answer)
        return ListReading(items: answer.items, anyPaging: paging, total: totalSource ?? paging.totalSource(answer),
                           addressing: answer.itemCount > 0 ? paging.address(answer) : nil, pageSize: answer.itemCount)
    }

    /// The list at `url` read as this spec says before any answer (a built-in API's preset
    /// file): the same reading as `reading(_:)` of an answer that says nothing, so what the
    /// spec leaves out is the style's default (a `next` style must name its `next`), and
    /// pages of `pageSize` are addressed as the style addresses them (a page number or an
    /// offset from the URL's own, `Range` windows).
    public func reading(url: URL, items: [String], pageSize: Int) throws(PageFailure) -> ListReading {
        let silent = FirstAnswer(url: url, response: HTTPResponse(status: 200, body: Data()), root: .null, items: items)
        let paging = try dialect(silent)
        return ListReading(items: items, anyPaging: paging, total: totalSource ?? paging.totalSource(silent),
                           addressing: paging.address(silent), pageSize: pageSize)
    }
}
