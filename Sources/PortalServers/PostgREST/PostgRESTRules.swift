import Foundation
import PortalCore

/// PostgREST's read behaviour for `GET /rest/v1/<table>` (`api-facts.md` §3), as PostgREST
/// computes it:
///
/// - column filters `col=[not.]op.value` (`eq neq gt gte lt lte like ilike in is`),
///   `select=a,b` (or `alias:col`), `order=col[.asc|.desc][.nullsfirst|.nullslast],…`
///   (default: the table's id order) — see `RowQuery`;
/// - the window is the `Range: first-last` request header (unit `items`) intersected with
///   `offset`/`limit`;
/// - `Prefer: count=exact` (or `planned`/`estimated`) adds the total of the filtered rows
///   to `Content-Range`;
/// - `Content-Range: first-last/total`, with `*` for the range when no row is in the window
///   and `*` for the total when no count was asked for;
/// - with a count: 416 when the window starts past the total, 206 when the window holds
///   fewer rows than the total, 200 otherwise; without one, always 200;
/// - an unknown table is a 404, an unknown column a 400, each with PostgREST's error body.
public struct PostgRESTRules: Sendable {
    public let tables: [String: any RowTable]

    public init(tables: [String: any RowTable]) { self.tables = tables }

    /// Answers one GET of `table` with its decoded query and request headers (any case).
    public func respond(table name: String, query: [(key: String, value: String)], headers: [String: String]) -> HTTPResponse {
        guard let table = tables[name] else {
            return Self.error(404, code: "42P01", message: "relation \"public.\(name)\" does not exist")
        }
        let headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        func value(_ key: String) -> String? { query.first(where: { $0.key == key })?.value }

        let request: RowQuery
        let positions: RowPositions
        do {
            request = try RowQuery(query: query, table: table, name: name)
            positions = try RowPositions(table: table, query: request)
        } catch {
            return Self.error(error.status, code: error.code, message: error.message)
        }

        // The window, as PostgREST intersects the Range header with offset/limit.
        var lower = 0
        var upper = Int.max
        if let range = headers["range"], let parsed = Self.parseRange(range) {
            lower = parsed.lower
            upper = parsed.upper ?? Int.max
            if upper < lower {
                return Self.error(416, code: "PGRST103", message: "Requested range not satisfiable",
                                  details: "The lower boundary must be lower than or equal to the upper boundary in the Range header.")
            }
        }
        if let text = value("offset") {
            guard let offset = Int(text), offset >= 0 else {
                return Self.error(400, code: "PGRST100", message: "\"failed to parse offset parameter (\(text))\"")
            }
            lower = max(lower, offset)
        }
        if let text = value("limit") {
            guard let limit = Int(text), limit >= 0 else {
                return Self.error(400, code: "PGRST100", message: "\"failed to parse limit parameter (\(text))\"")
            }
            let offset = value("offset").flatMap { Int($0) } ?? 0
            let end = offset > Int.max - limit ? Int.max : offset + limit - 1
            upper = min(upper, end)
        }

        let prefer = headers["prefer"]?.lowercased() ?? ""
        let counted = ["count=exact", "count=planned", "count=estimated"].contains { prefer.contains($0) }
        let total = positions.count

        let first = lower
        let last = min(upper, total - 1)
        let rows = last >= first ? last - first + 1 : 0
        let rangeText = counted && total == 0 || rows == 0 ? "*" : "\(first)-\(first + rows - 1)"
        let contentRange = "\(rangeText)/\(counted ? String(total) : "*")"

        if counted, first > total {
            var response = Self.error(416, code: "PGRST103", message: "Requested range not satisfiable",
                                      details: "An offset of \(first) was requested, but there are only \(total) rows.")
            response.headers["content-range"] = "*/\(total)"
            return response
        }
        let status = counted && rows < total ? 206 : 200

        var w = JSONWriter(reserving: 1024 * max(1, min(rows, 100)))
        w.beginArray()
        if rows > 0 {
            for index in first...last {
                let position = positions[index]
                if let select = request.select {
                    w.beginObject()
                    for (output, column) in select {
                        w.key(output)
                        Self.write(table.value(column, at: position) ?? .null, into: &w)
                    }
                    w.endObject()
                } else {
                    table.writeRow(at: position, into: &w)
                }
            }
        }
        w.endArray()
        var response = RickAndMortyRules.json(status, w.bytes)
        response.headers["content-range"] = contentRange
        return response
    }

    static func write(_ value: Row.Value, into w: inout JSONWriter) {
        switch value {
        case .null: w.null()
        case .bool(let b): w.bool(b)
        case .number(let text), .json(let text): w.raw(text.utf8)
        case .string(let s): w.string(s)
        }
    }

    /// `first-last` or `first-` (open-ended); nil when unreadable (then ignored, as PostgREST does).
    static func parseRange(_ text: String) -> (lower: Int, upper: Int?)? {
        var s = text.trimmingCharacters(in: .whitespaces)
        if s.lowercased().hasPrefix("items=") { s = String(s.dropFirst(6)) }
        let parts = s.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let lower = Int(parts[0]), lower >= 0 else { return nil }
        if parts[1].isEmpty { return (lower, nil) }
        guard let upper = Int(parts[1]) else { return nil }
        return (lower, upper)
    }

    /// PostgREST's error object: `{"code","details","hint","message"}`.
    public static func error(_ status: Int, code: String, message: String, details: String? = nil, hint: String? = nil) -> HTTPResponse {
        var w = JSONWriter()
        w.beginObject()
        w.field("code", code)
        w.field("details", details)
        w.field("hint", hint)
        w.field("message", message)
        w.endObject()
        return RickAndMortyRules.json(status, w.bytes)
    }
}
