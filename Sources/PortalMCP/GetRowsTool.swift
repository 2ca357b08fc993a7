import Foundation
import PortalCore

/// `get_rows`: compact rows of a list — `columns` once, then each row as an array of its
/// values — from any position, with the total, and where to go on: `next_from`, and on a
/// list that walks a `next_cursor` the session resolves to the page it passed.
struct GetRowsTool: Sendable {
    let session: MCPSession
    let limits: MCPLimits

    static let arguments = ["api", "list", "from", "count", "fields", "filters", "sort", "cursor"]
    static let maxCount = 100

    func call(_ args: ToolArguments, progress: @escaping RowsReader.Progress) async throws(ToolError) -> String {
        let api = try args.string("api")
        let list = try args.string("list")
        let from = try args.int("from", default: 1, in: 1...Int(Int32.max))
        let count = try args.int("count", default: 20, in: 1...Self.maxCount)
        let fields = try args.strings("fields")
        let filters = try args.pairs("filters")
        let sort = try args.string("sort")
        if let token = try args.string("cursor") {
            guard let cursor = await session.cursor(token) else {
                throw ToolError("cursor '\(Sanitize.line(token, limit: 40))' is not one this session gave (or it was forgotten); call get_rows with from instead")
            }
            if let api, api != cursor.list.api { throw ToolError("that cursor belongs to \(cursor.list.api), not \(Sanitize.line(api, limit: 40))") }
            return try await rows(api: cursor.list.api, list: cursor.listName, query: cursor.list.query, from: cursor.position, count: count,
                                  fields: fields, progress: progress)
        }
        guard let api else { throw ToolError("get_rows needs 'api' (a name from list_apis)") }
        guard let list else { throw ToolError("get_rows needs 'list' (a list of \(api), see list_apis)") }
        let target = try ListTarget(api: api, list: list, opened: try await session.open(api))
        let query = try target.query(filters: filters, sort: sort)
        return try await rows(api: api, list: list, query: query, from: from, count: count, fields: fields, progress: progress)
    }

    private func rows(api: String, list: String, query: ListQuery, from: Int, count: Int, fields: [String]?,
                      progress: @escaping RowsReader.Progress) async throws(ToolError) -> String {
        let target = try ListTarget(api: api, list: list, opened: try await session.open(api))
        let read = try await RowsReader(session: session, target: target)
            .read(query, from: from, count: count, deadline: limits.walkDeadline, clock: limits.clock, progress: progress)
        let columns = fields ?? read.rows.first.map { MCPRecord.cardFields(of: $0.record) } ?? []
        let walks = !target.addressable(query)
        var out = AnswerJSON()
        out.beginObject()
        out.field("api", api)
        out.field("list", target.name)
        out.field("from", from)
        RowsAnswer.total(read, into: &out)
        out.strings("columns", columns)
        out.key("rows")
        out.beginArray()
        var shown = 0
        for (_, record) in read.rows {
            let row = AnswerJSON.row(record, columns, stringLimit: limits.rowStringLimit)
            // Room kept for the closing fields (next_from, cursor, note).
            if out.byteCount + row.byteCount + 400 > limits.answerBytes, shown > 0 { break }
            out.raw(row.text)
            shown += 1
        }
        out.endArray()
        let next = from + shown
        let capped = shown < read.rows.count
        let more = capped || read.stop == nil && !(read.ended || read.endsBefore) && (read.total.map { next <= $0 } ?? true)
        if shown > 0 { out.field("to", next - 1) }
        if more {
            // Out of time, the rows wanted are still `from`…: asked again, the walk goes on
            // from the last page it passed (the session remembers it).
            let position = read.outOfTime ? from : next
            out.field("next_from", position)
            if walks { out.field("next_cursor", await session.cursor(for: target.key(query), listName: target.name, position: position)) }
        }
        if let missing = RowsAnswer.missing(columns, in: read.rows.map(\.record)), !read.rows.isEmpty {
            out.field("note", "no row here has \(missing.joined(separator: ", ")); describe_list names the fields")
        } else if capped {
            out.field("note", "answer capped at \(limits.answerBytes) bytes after \(shown) rows; call again with from = \(next)\(walks ? " or the cursor" : "")")
        } else if read.outOfTime {
            out.field("note", "walked to row \(read.reached) in \(limits.walkSeconds) s (the time limit) without reaching row \(from); \(target.name) can only be walked page by page: call again with next_cursor to go on")
        } else if let stop = read.stop {
            out.field("note", stop)
        } else if read.endsBefore {
            out.field("note", "the list ends before row \(from)\(read.total.map { " (it has \($0))" } ?? "")")
        }
        out.endObject()
        return out.text
    }
}

/// Parts of a rows answer `get_rows` and `count_rows` share.
enum RowsAnswer {
    /// `total` (null when unknown), `total_exact`, and `estimated` when the server estimated.
    static func total(_ read: RowsReader.Read, into out: inout AnswerJSON) {
        out.field("total", read.total)
        out.field("total_exact", read.total != nil)
        if read.total == nil, let estimated = read.estimated { out.field("estimated", estimated) }
    }

    /// The asked columns no row has, nil when every column is somewhere.
    static func missing(_ columns: [String], in records: [MCPRecord]) -> [String]? {
        let absent = columns.filter { column in !records.contains { $0.value(at: column) != nil } }
        return absent.isEmpty ? nil : absent
    }
}
