import Foundation
import PortalCore

/// How page N of a list is asked for when the API can address pages: a page number or an
/// offset in the query, or a `Range` window. A dialect reads it from the first answer
/// (`PagingDialect.address`); the list then jumps instead of walking.
public enum PageAddress: Sendable, Hashable, CustomStringConvertible {
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

    /// Page `index` (≥ 1) of `list`, set on its `pageTemplate` or its URL; nil where its number or window would pass Int.max
    /// (page numbers and offsets may start anywhere: `--url …?page=N`), never a trap.
    func request(forPage index: Int, of list: AnyAPIPages) -> PageRequest? {
        let pageSize = list.pageSize
        let template = list.pageTemplate ?? list.url
        let (product, overflow) = index.multipliedReportingOverflow(by: pageSize)
        guard !overflow else { return nil }
        switch self {
        case .pageParam(let name, let first):
            let (number, past) = first.addingReportingOverflow(index)
            return past ? nil : QueryEdit.setting(template, name, String(number)).map { list.request(at: $0, index: index) }
        case .offsetParam(let name, let start):
            let (offset, past) = start.addingReportingOverflow(product)
            guard !past, offset <= Int.max - pageSize else { return nil }
            return QueryEdit.setting(template, name, String(offset)).map { list.request(at: $0, index: index) }
        case .rangeHeader:
            let (end, past) = product.addingReportingOverflow(pageSize - 1)
            return past ? nil : list.request(at: template, index: index, extra: ["Range-Unit": "items", "Range": "\(product)-\(end)"])
        }
    }

    /// The one numeric parameter that moves between this page and `next` (a next link on
    /// the same origin): by 1 (a page number) or by the page's item count (an offset).
    public static func stepping(from here: URL, to next: URL, count: Int) -> PageAddress? {
        guard count > 0, let query = next.query(percentEncoded: true),
              SplitURL(here.absoluteString)?.path == SplitURL(next.absoluteString)?.path else { return nil }
        for (key, value) in QueryString.pairs(Substring(query)) {
            guard let after = Int(value) else { continue }
            let before = QueryEdit.value(here, key).flatMap { Int($0) }
            let lowered = key.lowercased()
            if lowered.contains("page") && !lowered.contains("size") && !lowered.contains("per") {
                // Without a number on this page, it is the first: 1 (the next is 2), or 0
                // where pages count from 0 (the next is 1, as Spring's are).
                if let before, after == before + 1 { return .pageParam(key, first: before) }
                if before == nil, after == 1 || after == 2 { return .pageParam(key, first: after - 1) }
            }
            if offsetNames.contains(lowered) {
                let current = before ?? 0
                if after == current + count { return .offsetParam(key, start: current) }
            }
        }
        return nil
    }

    /// Query parameters that hold an offset.
    static let offsetNames: Set<String> = ["offset", "start", "skip", "from", "_offset"]
}
