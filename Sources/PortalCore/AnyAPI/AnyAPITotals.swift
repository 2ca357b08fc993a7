/// The readings a detected dialect takes from each answer: the total, a link in the body,
/// whether page numbers go on.
enum AnyAPITotals {
    /// Where a total may be in a body, in the order tried.
    static let bodyTotals: [[String]] = [
        ["count"], ["total"], ["total_count"], ["totalCount"], ["total_results"], ["totalResults"],
        ["meta", "total"], ["meta", "total_count"], ["meta", "count"], ["meta", "totalCount"],
        ["info", "count"], ["pagination", "total"], ["pagination", "total_count"], ["paging", "total"],
        ["page", "totalElements"], ["hits", "total"], ["filtered_table_rows_count"],
    ]

    /// The total `source` names, taken as every dialect takes one (`ReportedCount`: none
    /// below zero, at most 10¹²).
    static func total(_ source: AnyTotal?, root: JSONNode, response: HTTPResponse, pageSize: Int) -> Int? {
        ReportedCount.plausible(reportedTotal(source, root: root, response: response, pageSize: pageSize))
    }

    private static func reportedTotal(_ source: AnyTotal?, root: JSONNode, response: HTTPResponse, pageSize: Int) -> Int? {
        switch source {
        case nil: return nil
        case .body(let path): return root.at(path)?.count ?? root.at(path + ["value"])?.count
        case .header(let name): return response.headers[name].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }.flatMap { $0 >= 0 ? $0 : nil }
        case .contentRange: return response.headers["content-range"].flatMap(ContentRange.init)?.total
        case .lastLink(let param):
            guard let value = response.headers["link"], let last = LinkHeader(value)["last"],
                  let url = URL(string: last), let page = QueryEdit.value(url, param).flatMap({ Int($0) }), page > 0 else { return nil }
            let (total, overflow) = page.multipliedReportingOverflow(by: pageSize)
            return overflow ? nil : total
        }
    }

    /// A URL at a body path: a string, or an object's `href` (HAL, JSON:API link objects).
    static func link(_ node: JSONNode?) -> String? {
        guard let node else { return nil }
        if let text = node.string, !text.isEmpty { return text }
        if let href = node["href"]?.string, !href.isEmpty { return href }
        return nil
    }

    /// For page numbers without links: whether the answer says a page follows `index`
    /// (from `pages`/`total_pages`, from a total, or — with neither — from a full page).
    static func morePages(_ root: JSONNode, index: Int, pageSize: Int, itemCount: Int) -> Bool {
        for parent in [[], ["meta"], ["pagination"], ["page"]] as [[String]] {
            guard let holder = root.at(parent) else { continue }
            for key in ["pages", "total_pages", "totalPages", "last_page", "lastPage", "page_count", "pageCount"] {
                if let pages = holder[key]?.count, let page = (holder["page"] ?? holder["current_page"] ?? holder["number"])?.count {
                    return page < pages
                }
            }
            for key in ["total", "count", "total_count", "totalCount", "totalElements"] {
                if let total = holder[key]?.count { return (index + 1) * pageSize < total }
            }
        }
        return itemCount >= pageSize
    }

    /// GraphQL-style `pageInfo.hasNextPage` beside a cursor, when the answer has one.
    static func hasNextPage(_ root: JSONNode, cursorPath: [String]) -> Bool? {
        guard cursorPath.count >= 1 else { return nil }
        let parent = root.at(Array(cursorPath.dropLast()))
        return (parent?["hasNextPage"] ?? parent?["has_next_page"] ?? parent?["has_more"])?.bool
    }
}

import Foundation
