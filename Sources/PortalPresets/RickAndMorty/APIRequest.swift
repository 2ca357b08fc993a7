import Foundation
import PortalCore

/// One request to the Rick and Morty API: a resource, and either a page of its list (with
/// filters) or one or more items by id.
///
/// It builds its URL and parses any API URL back into the same value, including the
/// `next`/`prev` links the real server writes (raw spaces, filters in any order, unknown
/// keys). Following `next` goes through this type, so the query is never lost.
public struct APIRequest: Sendable, Hashable, CustomStringConvertible {
    /// A filter as sent: the key is one the resource allows, the value is not empty.
    public typealias Filter = ListFilter

    /// What the request asks of the resource; the three shapes answer differently (a page
    /// envelope, one object, an array).
    public enum Selection: Sendable, Hashable {
        /// A page of the list; `page` nil means the server's default (page 1).
        case list(page: Int?, filters: [Filter])
        /// `/character/1`: answers one object.
        case one(Int)
        /// `/character/1,2,3`: answers an array of the ones that exist, in id order.
        case many([Int])
    }

    public var resource: Resource
    public var selection: Selection
    /// Whether the list path ends with a slash (`/character/?page=2`): both occur in the wild.
    public var trailingSlash: Bool

    public init(resource: Resource, selection: Selection, trailingSlash: Bool = false) {
        self.resource = resource
        self.selection = selection
        self.trailingSlash = trailingSlash
    }

    /// A list request; filters the resource does not allow, and empty values, are dropped,
    /// as the server drops them.
    public static func list(_ resource: Resource, page: Int? = nil, filters: [(String, String)] = []) -> APIRequest {
        APIRequest(resource: resource, selection: .list(page: page, filters: cleanFilters(filters, for: resource)))
    }

    /// One request for several items by id (the API answers them in one array).
    public static func items(_ resource: Resource, ids: [Int]) -> APIRequest {
        APIRequest(resource: resource, selection: .many(ids))
    }

    public var page: Int? {
        if case .list(let page, _) = selection { return page }
        return nil
    }

    public var filters: [Filter] {
        if case .list(_, let filters) = selection { return filters }
        return []
    }

    /// The same list request for another page.
    public func withPage(_ page: Int?) -> APIRequest {
        var copy = self
        if case .list(_, let filters) = selection { copy.selection = .list(page: page, filters: filters) }
        return copy
    }

    /// The path below the API root, with the query, percent-encoded.
    public var pathAndQuery: String {
        var s = "/" + resource.rawValue
        switch selection {
        case .list(let page, let filters):
            if trailingSlash { s += "/" }
            var parts: [String] = []
            if let page { parts.append("page=\(page)") }
            for f in filters { parts.append("\(QueryString.encode(f.key))=\(QueryString.encode(f.value))") }
            if !parts.isEmpty { s += "?" + parts.joined(separator: "&") }
        case .one(let id):
            s += "/\(id)"
        case .many(let ids):
            s += ids.count == 1 ? "/[\(ids[0])]" : "/" + ids.map(String.init).joined(separator: ",")
        }
        return s
    }

    /// The full URL under `base` (the API root, e.g. `https://rickandmortyapi.com/api`), or
    /// nil when `base` is not a URL. Every part added is percent-encoded by `pathAndQuery`,
    /// so a base that passed `APIRoot` always gives one.
    public func url(under base: BaseURL) -> URL? {
        URL(string: base + pathAndQuery)
    }

    /// The full URL under `base`. A base the command line never checked, that is no URL,
    /// gives `URL.unservable` (which every transport refuses as not served) instead of a
    /// trap.
    public func url(base: BaseURL) -> URL {
        url(under: base) ?? .unservable
    }

    public var description: String { pathAndQuery }

    /// Parses a URL of the API (any origin) into its origin, its root path and the request.
    /// Nil when the path names no resource.
    public static func parse(_ text: String) -> ParsedAPIURL? {
        guard let split = SplitURL(text) else { return nil }
        let segments = split.path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        // The resource is the last segment that names one, followed by nothing, an empty
        // segment (trailing slash) or an id list.
        for index in stride(from: segments.count - 1, through: 0, by: -1) {
            guard let resource = Resource(rawValue: segments[index]) else { continue }
            let rest = segments[(index + 1)...]
            let root = segments[..<index].joined(separator: "/")
            let selection: Selection
            var trailingSlash = false
            switch rest.count {
            case 0:
                selection = parseList(split.query, resource)
            case 1 where rest[rest.startIndex].isEmpty:
                selection = parseList(split.query, resource)
                trailingSlash = true
            case 1:
                guard let ids = parseIDs(QueryString.decode(Substring(rest[rest.startIndex]))) else { return nil }
                selection = ids
            default:
                continue
            }
            return ParsedAPIURL(
                origin: split.origin, rootPath: root,
                request: APIRequest(resource: resource, selection: selection, trailingSlash: trailingSlash))
        }
        return nil
    }

    public static func cleanFilters(_ pairs: [(String, String)], for resource: Resource) -> [Filter] {
        var seen = Set<String>()
        var out: [Filter] = []
        for (key, value) in pairs where resource.allowedFilters.contains(key) && !value.isEmpty {
            guard seen.insert(key).inserted else { continue }
            out.append(Filter(key, value))
        }
        return out
    }

    private static func parseList(_ query: Substring, _ resource: Resource) -> Selection {
        let pairs = QueryString.pairs(query)
        let page = pairs.first(where: { $0.key == "page" }).flatMap { Int($0.value) }.flatMap { $0 >= 1 ? $0 : nil }
        return .list(page: page, filters: cleanFilters(pairs.map { ($0.key, $0.value) }, for: resource))
    }

    /// `1`, `1,2,3` or `[1,2,3]`. Nil when any id is not a number that fits in 32 bits:
    /// `4294967297` is refused, never read as another id.
    private static func parseIDs(_ text: String) -> Selection? {
        func ids(_ list: Substring) -> [Int]? {
            var out: [Int] = []
            for part in list.split(separator: ",") {
                guard let id = itemID(part.trimmingCharacters(in: .whitespaces)) else { return nil }
                out.append(id)
            }
            // An empty list names nothing (and would rebuild as the list's own URL).
            return out.isEmpty ? nil : out
        }
        if text.hasPrefix("[") && text.hasSuffix("]") {
            return ids(text.dropFirst().dropLast()).map { .many($0) }
        }
        if text.contains(",") {
            return ids(Substring(text)).map { .many($0) }
        }
        return itemID(text).map { .one($0) }
    }

    /// Decimal digits only (no sign), within 32 bits.
    private static func itemID(_ text: String) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let id = Int32(text) else { return nil }
        return Int(id)
    }
}
