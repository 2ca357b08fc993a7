import Foundation
import PortalCore

/// A table PostgREST can serve: rows in id order, each written as one JSON object.
public protocol RowTable: Sendable {
    var count: Int { get }
    /// The column names (`order=` accepts `id` only; the rest are for error messages).
    var columns: [String] { get }
    func writeRow(at position: Int, into w: inout JSONWriter)
}

/// Characters as rows: the Rick and Morty JSON objects, links under `encoding.baseURL`.
public struct CharacterRows: RowTable {
    public let table: any ItemTable<Character>
    public let encoding: APIJSONEncoding
    public init(_ table: any ItemTable<Character>, baseURL: String) {
        self.table = table
        self.encoding = APIJSONEncoding(baseURL: baseURL)
    }
    public var count: Int { table.count }
    public var columns: [String] {
        ["id", "name", "status", "species", "type", "gender", "origin", "location", "image", "episode", "url", "created"]
    }
    public func writeRow(at position: Int, into w: inout JSONWriter) { encoding.write(table.item(at: position), into: &w) }
}

/// Pokémon as rows: the seed records `{id, name, height, weight, base_experience, types}`.
public struct PokemonRows: RowTable {
    public let table: ArrayTable<PokemonRecord>
    public init(_ pokemon: [PokemonRecord]) { table = ArrayTable(pokemon) }
    public var count: Int { table.count }
    public var columns: [String] { ["id", "name", "height", "weight", "base_experience", "types"] }
    public func writeRow(at position: Int, into w: inout JSONWriter) {
        let p = table.item(at: position)
        w.beginObject()
        w.field("id", p.id)
        w.field("name", p.name)
        w.field("height", p.height)
        w.field("weight", p.weight)
        w.key("base_experience")
        if let xp = p.baseExperience { w.int(xp) } else { w.null() }
        w.key("types")
        w.beginArray()
        for type in p.types { w.string(type) }
        w.endArray()
        w.endObject()
    }
}

/// PostgREST's read behaviour for `GET /rest/v1/<table>` (`api-facts.md` §3), as PostgREST
/// computes it:
///
/// - the window is the `Range: first-last` request header (unit `items`) intersected with
///   `offset`/`limit`;
/// - `order=id` or `id.asc` (the default) or `id.desc`; another column is a 400;
/// - `select=*` (any other select list is served as `*`);
/// - `Prefer: count=exact` (or `planned`/`estimated`) adds the total to `Content-Range`;
/// - `Content-Range: first-last/total`, with `*` for the range when no row is in the window
///   and `*` for the total when no count was asked for;
/// - with a count: 416 when the window starts past the total, 206 when the window holds
///   fewer rows than the total, 200 otherwise; without one, always 200.
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

        var descending = false
        if let order = value("order") {
            let parts = order.split(separator: ".").map(String.init)
            guard let column = parts.first, table.columns.contains(column) else {
                return Self.error(400, code: "42703", message: "column \(name).\(order.split(separator: ".").first ?? "") does not exist")
            }
            guard column == "id" else {
                return Self.error(400, code: "PGRST100", message: "this mirror orders by id only")
            }
            descending = parts.dropFirst().contains("desc")
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
        let total = table.count

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
                table.writeRow(at: descending ? total - 1 - index : index, into: &w)
            }
        }
        w.endArray()
        var response = RickAndMortyRules.json(status, w.bytes)
        response.headers["content-range"] = contentRange
        return response
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
    public static func error(_ status: Int, code: String, message: String, details: String? = nil) -> HTTPResponse {
        var w = JSONWriter()
        w.beginObject()
        w.field("code", code)
        w.field("details", details)
        w.key("hint")
        w.null()
        w.field("message", message)
        w.endObject()
        return RickAndMortyRules.json(status, w.bytes)
    }
}
