import Foundation
import PortalCore
import Synchronization

/// A list that can only be walked, of fat items: opaque cursors (nothing in them says a
/// page number a client could make up), `{next, results}` with no count, `pageSize` items
/// of about `itemBytes` bytes of JSON each, `pages` pages (the last with `next: null`).
///
/// The shape that grew a walked list linearly (issue 27, item 4: End on an endless cursor
/// list of 20 KB items, 456 MB after 471 pages). Answers in process (`send`) and on
/// loopback (`server()`), from one function of the request target.
public final class FatCursorList: Transport {
    public static let origin = "http://fat-cursors.test"
    public let pages: Int
    public let pageSize: Int
    public let itemBytes: Int

    public init(pages: Int, pageSize: Int = 20, itemBytes: Int = 20_000) {
        self.pages = pages
        self.pageSize = pageSize
        self.itemBytes = itemBytes
    }

    /// The opaque cursor of page `page` (1-based): not a number anyone could step.
    public static func cursor(page: Int) -> String {
        "c" + String(UInt64(page) &* 0x9E37_79B9_7F4A_7C15, radix: 36)
    }

    /// The list's first page.
    public static func url(origin: String = FatCursorList.origin) -> URL {
        URL(string: "\(origin)/items") ?? URL(fileURLWithPath: "/")
    }

    /// The page a target's cursor names (the first without one); nil for an unknown cursor.
    func page(of target: String) -> Int? {
        guard let query = target.split(separator: "?", maxSplits: 1).dropFirst().first else { return 1 }
        guard let cursor = QueryString.pairs(query).first(where: { $0.key == "cursor" })?.value else { return 1 }
        return (1...pages).first { Self.cursor(page: $0) == cursor }
    }

    /// The status and body for a request target.
    public func answer(_ target: String, origin: String) -> (status: Int, body: String) {
        guard let page = page(of: target) else { return (404, #"{"detail":"unknown cursor"}"#) }
        let blob = String(repeating: "x", count: max(0, itemBytes - 40))
        let first = (page - 1) * pageSize + 1
        let items = (first..<first + pageSize).map { #"{"id":\#($0),"name":"item \#($0)","blob":"\#(blob)"}"# }
        let next = page < pages ? "\"\(origin)/items?cursor=\(Self.cursor(page: page + 1))\"" : "null"
        return (200, #"{"next":\#(next),"results":[\#(items.joined(separator: ","))]}"#)
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let text = request.url.absoluteString
        guard text.hasPrefix(Self.origin) else { throw TransportError.notServed(text) }
        let (status, body) = answer(String(text.dropFirst(Self.origin.count)), origin: Self.origin)
        return HTTPResponse(status: status, headers: ["content-type": "application/json"], body: Data(body.utf8))
    }

    /// The list on loopback; `stop()` it when done.
    public func server() throws -> LoopbackServer {
        let origin = Mutex("")
        let server = try LoopbackServer { head in
            let (status, body) = self.answer(LoopbackServer.target(of: head), origin: origin.withLock { $0 })
            return LoopbackServer.response("\(status) \(status == 200 ? "OK" : "Not Found")", headers: ["Content-Type": "application/json"], body: body)
        }
        origin.withLock { $0 = server.baseURL }
        return server
    }
}
