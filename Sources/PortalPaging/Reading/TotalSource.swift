import Foundation
import PortalJSON
import PortalCore

/// Where a list's total is, read from its first answer by its dialect and then read from
/// every answer.
public enum TotalSource: Sendable, Hashable, CustomStringConvertible {
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

    /// Where a total may be in a body, in the order tried.
    public static let bodyPaths: [[String]] = [
        ["count"], ["total"], ["total_count"], ["totalCount"], ["total_results"], ["totalResults"],
        ["meta", "total"], ["meta", "total_count"], ["meta", "count"], ["meta", "totalCount"],
        ["info", "count"], ["pagination", "total"], ["pagination", "total_count"], ["paging", "total"],
        ["page", "totalElements"], ["hits", "total"], ["filtered_table_rows_count"],
    ]

    /// The total most answers give: a number at one of `bodyPaths`, else `X-Total-Count`,
    /// else the `last` link's page number.
    public static func common(_ answer: FirstAnswer) -> TotalSource? {
        inBodyOrHeader(answer) ?? lastLink(answer)
    }

    /// A number at one of `bodyPaths`, else `X-Total-Count`.
    public static func inBodyOrHeader(_ answer: FirstAnswer) -> TotalSource? {
        for path in bodyPaths {
            if answer.root.at(path)?.count != nil || answer.root.at(path + ["value"])?.count != nil { return .body(path) }
        }
        if answer.response.headers["x-total-count"].flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }) != nil {
            return .header("x-total-count")
        }
        return nil
    }

    /// The `last` link's page number (`page` or `page[number]`), when the `Link` header has one.
    public static func lastLink(_ answer: FirstAnswer) -> TotalSource? {
        guard let last = answer.link?["last"].flatMap(URL.init(string:)) else { return nil }
        for param in ["page", "page[number]"] where QueryEdit.value(last, param).flatMap({ Int($0) }) != nil {
            return .lastLink(param: param)
        }
        return nil
    }

    /// The total an answer says, taken as every dialect takes one (`ReportedCount`: none
    /// below zero, at most 10¹²).
    public func value(root: JSONNode, response: HTTPResponse, pageSize: Int) -> Int? {
        ReportedCount.plausible(reported(root: root, response: response, pageSize: pageSize))
    }

    /// A whole number ≥ 0 in a body; one of more digits than an Int holds is past the cap,
    /// as a `Content-Range` total is.
    static func count(_ node: JSONNode?) -> Int? {
        guard let node else { return nil }
        if let count = node.count { return count }
        guard case .number(let text) = node, text.count > 18, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        return ReportedCount.maximum
    }

    private func reported(root: JSONNode, response: HTTPResponse, pageSize: Int) -> Int? {
        switch self {
        case .body(let path): return Self.count(root.at(path)) ?? Self.count(root.at(path + ["value"]))
        case .header(let name): return response.headers[name].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }.flatMap { $0 >= 0 ? $0 : nil }
        case .contentRange: return response.headers["content-range"].flatMap(ContentRange.init)?.total
        case .lastLink(let param):
            guard let value = response.headers["link"], let last = LinkHeader(value)["last"],
                  let url = URL(string: last), let page = QueryEdit.value(url, param).flatMap({ Int($0) }), page > 0 else { return nil }
            let (total, overflow) = page.multipliedReportingOverflow(by: pageSize)
            return overflow ? nil : total
        }
    }
}
