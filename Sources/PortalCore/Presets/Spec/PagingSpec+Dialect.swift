/// A paging spec as the detector takes it: the dialect its style names, with the spec's
/// parameter names and places (what it leaves out read from the first answer, as
/// `--paging STYLE` reads it), and the total where the spec says it is.
extension PagingSpec {
    /// The dialect for the list whose first answer is `answer`.
    public func dialect(_ answer: FirstAnswer) throws(PageFailure) -> any PagingDialect {
        guard let named = PagingDialects.named(style) else {
            throw PageFailure(.malformed, "paging style \(style) is not one of \(PagingDialects.names.joined(separator: ", "))")
        }
        switch style {
        case PageNumberPaging.name:
            return PageNumberPaging(param: self["page"] ?? "page")
        case OffsetPaging.name:
            return OffsetPaging(param: self["offset"] ?? "offset")
        case CursorPaging.name:
            if let next = self["next"] { return CursorPaging(path: Self.path(next), param: self["cursor"] ?? "cursor") }
            var told = try CursorPaging.told(answer)
            if let cursor = self["cursor"] { told.param = cursor }
            return told
        case NextURLPaging.name:
            if let next = self["next"] { return NextURLPaging(path: Self.path(next)) }
            return try NextURLPaging.told(answer)
        case HasMorePaging.name:
            var dialect = HasMorePaging(param: self["cursor"] ?? "starting_after")
            if let flag = self["has_more"] { dialect.flag = Self.path(flag) }
            dialect.value = self["next"].map(Self.path)
            return dialect
        default:
            return try named.told(answer)
        }
    }

    /// Where the spec says the total is (`total = "paging.total_count"` or
    /// `"header:X-Total-Count"`); nil when it says nothing.
    public var totalSource: TotalSource? {
        guard let total = self["total"] else { return nil }
        if total.lowercased().hasPrefix("header:") { return .header(String(total.dropFirst(7)).lowercased()) }
        return .body(Self.path(total))
    }
}
