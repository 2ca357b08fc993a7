import Foundation
import PortalCore

/// Page numbers with no link: `param` + 1 while the answer says there are more (the
/// list's total where it has one, else `pages`/`total_pages`, a total, or a full page).
/// Always addressable. An API that answers a page past the end with an error status
/// (Rick and Morty's 404 `There is nothing here`, also for a search that matches nothing)
/// says it as `pastEnd` (its status and body): that answer ends the list, an empty one on
/// its first page.
public struct PageNumberPaging: PagingDialect {
    public static let name = "page"

    public var param: String
    /// What a page past the end is answered with (a spec's `past_end`); nil: none.
    public var pastEnd: PastEnd?

    public init(param: String, pastEnd: PastEnd? = nil) {
        self.param = param
        self.pastEnd = pastEnd
    }

    /// A `page` number at the top level, under `meta` or under `pagination`.
    public static func recognise(_ answer: FirstAnswer) -> PageNumberPaging? {
        for parent in [[], ["meta"], ["pagination"]] as [[String]] where answer.root.at(parent)?["page"]?.count != nil {
            return PageNumberPaging(param: "page")
        }
        return nil
    }

    public static func told(_ answer: FirstAnswer) -> PageNumberPaging { PageNumberPaging(param: "page") }

    /// From the URL's own number, else the answer's `page`, else 1.
    public func address(_ answer: FirstAnswer) -> PageAddress? {
        let first = QueryEdit.value(answer.url, param).flatMap { Int($0) } ?? (answer.root["page"]?.count ?? 1)
        return .pageParam(param, first: first)
    }

    public func next(after answer: PageAnswer) throws(PageFailure) -> PageRequest? {
        let list = answer.list
        guard answer.itemCount > 0 else { return nil }
        // A total below what the list already holds is impossible: the page's own say then.
        let (held, past) = answer.request.index.multipliedReportingOverflow(by: list.pageSize)
        if let total = answer.total, !past, total >= held + answer.itemCount {
            let (read, overflow) = answer.nextIndex.multipliedReportingOverflow(by: list.pageSize)
            if overflow || read >= total { return nil }
        } else if !BodyReadings.morePages(answer.root, index: answer.request.index, pageSize: list.pageSize, itemCount: answer.itemCount) {
            return nil
        }
        return list.request(forPage: answer.nextIndex) ?? answer.setting(param, String(answer.nextIndex + 1))
    }

    public func isPastEnd(_ response: HTTPResponse) -> Bool { pastEnd?.matches(response) ?? false }

    public var description: String {
        "page numbers (\(param)=N) while the answer says there are more" + (pastEnd.map { ", \($0) past the end" } ?? "")
    }
}

extension PagingDialect where Self == PageNumberPaging {
    public static func pageNumber(param: String) -> PageNumberPaging { PageNumberPaging(param: param) }
}
