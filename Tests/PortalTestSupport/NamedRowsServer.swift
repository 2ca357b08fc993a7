import Foundation
import PortalCore
import PortalServers
import Synchronization
import PortalJSON

/// A PostgREST table `t` of rows `{id, name, url}` that a test changes between loads —
/// which rows there are, in which order, and what each is called — answered through
/// `PostgRESTRules`: a live server for the list watch (`w`), `R`'s `changed` marks, and
/// copying or opening an item (`y`, `Y`, `o`).
public final class NamedRowsServer: Transport {
    public struct Rows: Sendable {
        public var ids: [Int]
        /// A row's name when not `p<id>`.
        public var names: [Int: String] = [:]
        /// A row's `url` column when it has one.
        public var urls: [Int: String] = [:]

        public init(ids: [Int], names: [Int: String] = [:], urls: [Int: String] = [:]) {
            self.ids = ids
            self.names = names
            self.urls = urls
        }
    }

    private let rows: Mutex<Rows>

    public init(_ rows: Rows) { self.rows = Mutex(rows) }

    /// Changes the table from now on.
    public func change(_ edit: (inout Rows) -> Void) { rows.withLock { edit(&$0) } }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let table = NamedRowTable(rows: rows.withLock { $0 })
        guard let split = SplitURL(request.url.absoluteString) else { throw TransportError.notServed(request.url.absoluteString) }
        return PostgRESTRules(tables: ["t": table]).respond(table: "t", query: QueryString.pairs(split.query), headers: request.headers)
    }
}

/// The rows of a `NamedRowsServer`, in its order.
struct NamedRowTable: RowTable {
    let rows: NamedRowsServer.Rows
    var count: Int { rows.ids.count }
    var columns: [String] { ["id", "name", "url"] }

    func writeRow(at position: Int, into w: inout JSONWriter) {
        let id = rows.ids[position]
        w.beginObject()
        w.field("id", id)
        w.field("name", rows.names[id] ?? "p\(id)")
        w.field("url", rows.urls[id])
        w.endObject()
    }

    func value(_ column: String, at position: Int) -> Row.Value? {
        let id = rows.ids[position]
        switch column {
        case "id": return .number(String(id))
        case "name": return .string(rows.names[id] ?? "p\(id)")
        case "url": return rows.urls[id].map { .string($0) } ?? .null
        default: return nil
        }
    }
}
