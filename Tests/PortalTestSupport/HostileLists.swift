import Foundation
import PortalCore
import Synchronization

/// Lists from servers that lie about their pages, written once as a function of the request
/// target (`/items?page=3`) so the same server answers in process (`HostileListTransport`,
/// for the UI's integration tests with the real interpreter) and on loopback
/// (`HostileLists.server`, for `portal` end to end): a total far past the items, pages that
/// shrink, a `next` that goes round with its query reordered, a page parameter ignored.
public enum HostileLists: Sendable {
    /// `count: claimed` with full pages of `pageSize` up to page `fullPages` (1-based) and
    /// empty pages after it, each with a `next` while the claimed total says there is more.
    case lyingCount(claimed: Int, fullPages: Int, pageSize: Int)
    /// The same, the total as a `Link: rel="last"` at page `lastPage`.
    case lyingLastLink(lastPage: Int, fullPages: Int, pageSize: Int)
    /// `count: claimed`, page N holding `sizes[N-1]` items (then none), ids from 1.
    case shrinkingPages(claimed: Int, sizes: [Int])
    /// Items without ids; `next` alternates between two cursors with the query written in
    /// another order (and with one more empty pair) each time, so its text never repeats.
    case reorderedLoop
    /// `/people` lists one person whose `repos_url` is a list: its first page holds 6
    /// entries, every later page none, each with a `next` to the page after it.
    case emptyPagesInAPane
    /// Items without ids, the same whatever `page` says (the parameter is ignored), with a
    /// `next` page number that keeps growing.
    case ignoresPage

    /// The status, headers and body for a request target.
    public func answer(_ target: String, origin: String) -> (status: Int, headers: [String: String], body: String) {
        let parts = target.split(separator: "?", maxSplits: 1)
        let query: Substring = parts.count > 1 ? parts[1] : ""
        let pageText: String? = QueryString.pairs(query).first { $0.key == "page" }?.value
        let page: Int = pageText.flatMap { Int($0) } ?? 1
        let path = String(parts.first ?? "")
        switch self {
        case .lyingCount(let claimed, let fullPages, let size):
            let items = page >= 1 && page <= fullPages ? Self.objects(ids: ((page - 1) * size + 1)...(page * size)) : []
            let next = page * size < claimed ? "\"\(origin)\(path)?page=\(page + 1)\"" : "null"
            return (200, [:], #"{"count":\#(claimed),"next":\#(next),"results":[\#(items.joined(separator: ","))]}"#)
        case .lyingLastLink(let lastPage, let fullPages, let size):
            let items = page >= 1 && page <= fullPages ? Self.objects(ids: ((page - 1) * size + 1)...(page * size)) : []
            var links = ["<\(origin)\(path)?page=\(lastPage)>; rel=\"last\""]
            if page < lastPage { links.append("<\(origin)\(path)?page=\(page + 1)>; rel=\"next\"") }
            return (200, ["Link": links.joined(separator: ", ")], "[\(items.joined(separator: ","))]")
        case .shrinkingPages(let claimed, let sizes):
            let before: Int = sizes.prefix(max(0, page - 1)).reduce(0, +)
            let held: Int = page >= 1 && page <= sizes.count ? sizes[page - 1] : 0
            let items: [String] = held > 0 ? Self.objects(ids: (before + 1)...(before + held)) : []
            let next = page < sizes.count ? "\"\(origin)\(path)?page=\(page + 1)\"" : "null"
            return (200, [:], #"{"count":\#(claimed),"next":\#(next),"results":[\#(items.joined(separator: ","))]}"#)
        case .reorderedLoop:
            let cursor = QueryString.pairs(query).first { $0.key == "cursor" }?.value ?? "a"
            let amps = target.filter { $0 == "&" }.count
            let pairs = ["cursor=\(cursor == "a" ? "b" : "a")", "sort=name", "dir=asc"]
            let turned = pairs[(amps % 3)...] + pairs[..<(amps % 3)]
            let next = "\(origin)\(path)?" + turned.joined(separator: "&") + String(repeating: "&", count: amps + 1)
            let items = (1...5).map { #"{"name":"entry \#($0) at \#(cursor)"}"# }
            return (200, [:], #"{"next":"\#(next)","results":[\#(items.joined(separator: ","))]}"#)
        case .emptyPagesInAPane where path == "/people":
            return (200, [:], #"{"count":1,"next":null,"results":[{"id":7,"name":"Ada","repos_url":"\#(origin)/people/7/repos"}]}"#)
        case .emptyPagesInAPane:
            let entries = page == 1 ? (1...6).map { #"{"id":\#($0),"name":"repo \#($0)","url":"\#(origin)/repos/\#($0)"}"# } : []
            return (200, [:], #"{"next":"\#(origin)\#(path)?page=\#(page + 1)","results":[\#(entries.joined(separator: ","))]}"#)
        case .ignoresPage:
            let items = (1...5).map { #"{"name":"always \#($0)"}"# }
            return (200, [:], #"{"page":\#(page),"results":[\#(items.joined(separator: ","))]}"#)
        }
    }

    static func objects(ids: ClosedRange<Int>) -> [String] {
        ids.map { #"{"id":\#($0),"name":"item \#($0)"}"# }
    }

    /// The server on loopback; `stop()` it when done.
    public func server() throws -> LoopbackServer {
        let origin = Mutex("")
        let server = try LoopbackServer { head in
            let (status, headers, body) = self.answer(LoopbackServer.target(of: head), origin: origin.withLock { $0 })
            return LoopbackServer.response("\(status) \(status == 200 ? "OK" : "Not Found")",
                                           headers: headers.merging(["Content-Type": "application/json"]) { a, _ in a }, body: body)
        }
        origin.withLock { $0 = server.baseURL }
        return server
    }
}

/// A `HostileLists` server in process, under `http://hostile.test`.
public struct HostileListTransport: Transport {
    public static let origin = "http://hostile.test"
    public let list: HostileLists

    public init(_ list: HostileLists) { self.list = list }

    /// The list's URL (`/items`, with `query`).
    public static func url(_ query: String = "") -> URL {
        URL(string: "\(origin)/items\(query)") ?? URL(fileURLWithPath: "/")
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let text = request.url.absoluteString
        guard text.hasPrefix(Self.origin) else { throw TransportError.notServed(text) }
        let (status, headers, body) = list.answer(String(text.dropFirst(Self.origin.count)), origin: Self.origin)
        return .json(status, body, headers: headers)
    }
}
