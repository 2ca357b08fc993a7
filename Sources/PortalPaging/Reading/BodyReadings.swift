import PortalJSON
import PortalCore
/// Readings the paging dialects share, taken from an answer's body: a link in the body,
/// whether page numbers go on, whether a cursor has a page after it.
enum BodyReadings {
    /// A URL at a body path: a string, or an object's `href` (HAL, JSON:API link objects).
    static func link(_ node: JSONNode?) -> String? {
        guard let node else { return nil }
        if let text = node.string, !text.isEmpty { return text }
        if let href = node["href"]?.string, !href.isEmpty { return href }
        return nil
    }

    /// Whether a body value reads as a URL (absolute, or a path or query on the list's server).
    static func looksLikeURL(_ text: String) -> Bool {
        text.hasPrefix("http://") || text.hasPrefix("https://") || text.hasPrefix("/") || text.hasPrefix("?")
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
