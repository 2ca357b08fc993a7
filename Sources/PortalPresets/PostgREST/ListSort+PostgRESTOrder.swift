import PortalCore

extension ListSort {
    /// PostgREST's `order` for this sort, the source's own order after it so that equal
    /// values keep a stable order across pages (`name.desc,id`).
    public func postgRESTOrder(then tieBreak: PostgRESTOrder) -> PostgRESTOrder? {
        let first = "\(serverField).\(descending ? "desc" : "asc")"
        let rest = tieBreak.text.split(separator: ",").filter { $0.split(separator: ".").first.map(String.init) != serverField }
        return try? PostgRESTOrder(parsing: ([first] + rest.map(String.init)).joined(separator: ","))
    }
}
