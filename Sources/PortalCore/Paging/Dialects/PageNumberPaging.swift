import Foundation

/// Page numbers with no link: `param` + 1 while the answer says there are more (from
/// `pages`/`total_pages`, a total, or a full page). Always addressable.
public struct PageNumberPaging: PagingDialect {
    public static let name = "page"

    public var param: String

    public init(param: String) { self.param = param }

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
        guard answer.itemCount > 0,
              BodyReadings.morePages(answer.root, index: answer.request.index, pageSize: list.pageSize, itemCount: answer.itemCount)
        else { return nil }
        return list.request(forPage: answer.nextIndex) ?? answer.setting(param, String(answer.nextIndex + 1))
    }

    public var description: String { "page numbers (\(param)=N) while the answer says there are more" }
}

extension PagingDialect where Self == PageNumberPaging {
    public static func pageNumber(param: String) -> PageNumberPaging { PageNumberPaging(param: param) }
}
