import Foundation
import PortalCore
import PortalJSON

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
/// - an unknown table is a 404, an unknown column a 400, each with PostgREST's error body;
/// - `count=planned` and `count=estimated` answer an estimate (`CountEstimate`), not the
///   exact total;
/// - `Accept: application/vnd.pgrst.object+json` answers the one row as an object, or 406
///   (`PGRST116`) unless exactly one row is in the window;
/// - the functions (`rpc/NAME`, `PostgRESTFunctions`) answer like a table over their rows.
public struct PostgRESTRules: Sendable {
    public let tables: [String: any RowTable]
    /// The set-returning functions, by name (`rpc/NAME`).
    public let functions: PostgRESTFunctions

    public init(tables: [String: any RowTable]) {
        self.tables = tables
        self.functions = PostgRESTFunctions(characters: tables["characters"])
    }

    /// The media type that asks for one object instead of an array (the client libraries' `single()`).
    public static let objectMediaType = "application/vnd.pgrst.object+json"

    /// Answers one GET of `table` with its decoded query and request headers (any case).
    /// `visible`, when given, is the row-level security of the signed-in user: only the
    /// positions it admits exist for them.
    public func respond(
        table name: String, query: [(key: String, value: String)], headers: [String: String], visible: RowVisibility? = nil
    ) -> HTTPResponse {
        guard let table = tables[name] else {
            return Self.error(404, code: "42P01", message: "relation \"public.\(name)\" does not exist")
        }
        return answer(visible.map { $0.restrict(table, name: name) } ?? table, name: name, query: query, headers: headers)
    }

    /// Answers `rpc/NAME` (POST with a JSON object body, or GET with the arguments in the
    /// query), as PostgREST answers a set-returning function: paged, filtered and ordered
    /// like a table. An unknown function or argument: 404 `PGRST202`.
    public func respondFunction(
        _ name: String, method: String, query: [(key: String, value: String)], headers: [String: String], body: Data?,
        visible: RowVisibility? = nil
    ) -> HTTPResponse {
        var query = query
        let arguments: [String: String]
        if method == "POST" {
            let text = body.flatMap { String(data: $0, encoding: .utf8) }?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            if text.isEmpty {
                arguments = [:]
            } else {
                guard let fields = (try? JSONNode.parse(Data(text.utf8)))?.node.fields else {
                    return Self.error(400, code: "PGRST102", message: "Invalid body: the arguments must be a JSON object")
                }
                // A string argument as its text, anything else as written (`5`, `true`); the first of a repeated key.
                arguments = Dictionary(fields.map { ($0.key, $0.value.node.string ?? $0.value.text) }, uniquingKeysWith: { first, _ in first })
            }
        } else {
            // GET: the function's parameters are query keys; the rest are filters.
            let parameters = functions.parameters(of: name) ?? []
            arguments = Dictionary(query.filter { parameters.contains($0.key) }.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
            query.removeAll { parameters.contains($0.key) }
        }
        let rows: any RowTable
        switch functions.call(name, arguments: arguments) {
        case .success(let result): rows = result
        case .failure(let missing): return missing.response
        }
        return answer(visible.map { $0.restrict(rows, name: "characters") } ?? rows, name: name, query: query, headers: headers)
    }

    /// The table's (or a function's rows') answer to `query` and `headers`.
    func answer(_ table: any RowTable, name: String, query: [(key: String, value: String)], headers: [String: String]) -> HTTPResponse {
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
        let estimate = CountEstimate(prefer: prefer)
        let exact = prefer.contains("count=exact")
        let counted = exact || estimate != nil
        let total = positions.count
        let shownTotal = estimate?.estimate(total) ?? total

        let first = lower
        let last = min(upper, total - 1)
        let rows = last >= first ? last - first + 1 : 0
        let rangeText = counted && total == 0 || rows == 0 ? "*" : "\(first)-\(first + rows - 1)"
        let contentRange = "\(rangeText)/\(counted ? String(shownTotal) : "*")"

        if exact, first > total {
            var response = Self.error(416, code: "PGRST103", message: "Requested range not satisfiable",
                                      details: "An offset of \(first) was requested, but there are only \(total) rows.")
            response.headers["content-range"] = "*/\(total)"
            return response
        }
        let status = counted && rows < total ? 206 : 200

        if let accept = headers["accept"], accept.lowercased().contains(Self.objectMediaType) {
            guard rows == 1 else {
                return Self.error(406, code: "PGRST116", message: "Cannot coerce the result to a single JSON object",
                                  details: "The result contains \(rows) rows")
            }
            var w = JSONWriter()
            Self.writeRow(table, at: positions[first], select: request.select, into: &w)
            var response = RickAndMortyRules.json(200, w.bytes)
            response.headers["content-type"] = Self.objectMediaType + "; charset=utf-8"
            response.headers["content-range"] = contentRange
            return response
        }

        var w = JSONWriter(reserving: 1024 * max(1, min(rows, 100)))
        w.beginArray()
        if rows > 0 {
            for index in first...last {
                Self.writeRow(table, at: positions[index], select: request.select, into: &w)
            }
        }
        w.endArray()
        var response = RickAndMortyRules.json(status, w.bytes)
        response.headers["content-range"] = contentRange
        return response
    }

    /// One row: whole, or the `select`ed columns under their output names.
    static func writeRow(_ table: any RowTable, at position: Int, select: [(name: String, column: String)]?, into w: inout JSONWriter) {
        guard let select else { return table.writeRow(at: position, into: &w) }
        w.beginObject()
        for (output, column) in select {
            w.key(output)
            write(table.value(column, at: position) ?? .null, into: &w)
        }
        w.endObject()
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
