import Foundation
import PortalCore

/// `get_item`: one record by its key, whole (strings cut only to keep the answer under its
/// byte cap), with each related list as its count and first rows. The record is looked up
/// by the API (`ItemLookup`: one request, the caches answering a second), whatever rows
/// were read; each related list's first rows are one request by that list's keys.
struct GetItemTool: Sendable {
    let session: MCPSession
    let limits: MCPLimits

    /// Rows of each related list shown with the record.
    static let relatedRows = 5

    /// A related list with its first rows, or why they could not be had.
    struct RelatedRows {
        let list: MCPRecord.Related
        var rows: [MCPRecord] = []
        var note: String?
    }

    func call(_ args: ToolArguments) async throws(ToolError) -> String {
        let (target, query) = try await CatalogTools.target(args, session: session)
        let key = try args.key("key")
        let record = MCPRecord(try await item(key, in: target, query: query), baseURL: target.opened.baseURL)
        var related: [RelatedRows] = []
        for list in record.related {
            related.append(await first(of: list, in: target))
        }
        for stringLimit in [4_000, 400, 80] {
            let text = answer(target, key: key, record, related, stringLimit: stringLimit)
            if text.utf8.count <= limits.answerBytes || stringLimit == 80 { return text }
        }
        return ""
    }

    private func answer(_ target: ListTarget, key: RecordKey, _ record: MCPRecord, _ related: [RelatedRows], stringLimit: Int) -> String {
        var out = AnswerJSON()
        out.beginObject()
        out.field("api", target.api)
        out.field("list", target.name)
        out.key("key")
        out.raw(record.key ?? MCPRecord.json(key))
        out.key("record")
        out.value(record.json, stringLimit: stringLimit)
        out.key("related")
        out.beginArray()
        for list in related {
            out.beginObject()
            out.field("name", list.list.title)
            out.field("count", list.list.keys.count)
            let columns = list.rows.first.map { MCPRecord.cardFields(of: $0) } ?? []
            out.strings("columns", columns)
            out.key("rows")
            out.beginArray()
            for row in list.rows { out.raw(AnswerJSON.row(row, columns, stringLimit: min(stringLimit, limits.rowStringLimit)).text) }
            out.endArray()
            if let note = list.note { out.field("note", note) }
            out.endObject()
        }
        out.endArray()
        if stringLimit < 4_000 { out.field("note", "strings cut to \(stringLimit) characters to keep the answer under \(limits.answerBytes) bytes") }
        out.endObject()
        return out.text
    }

    /// The record `key` names: looked up by the API when it can, else one this session read.
    private func item(_ key: RecordKey, in target: ListTarget, query: ListQuery) async throws(ToolError) -> Item {
        let seen = await session.seen(api: target.api, list: target.name, key: key.description)
        do {
            if let found = try await ItemLookup(target: target, query: query).find(key) { return found }
        } catch {
            // A lookup the API does not answer (a 404 of a guessed URL) leaves rows read.
            if let seen { return seen }
            throw error
        }
        if let seen { return seen }
        if key.number == nil, target.source.itemsRequest(target.spec.kind, keys: [.number(1)]) != nil {
            throw ToolError("\(target.name)' keys are whole numbers (e.g. 1), not '\(Sanitize.line(key.description, limit: 40))'")
        }
        throw ToolError("\(target.api) cannot look \(target.name) up by key, and no row with key \(Sanitize.line(key.description, limit: 40)) has been read in this session: find it with get_rows (fields names the columns; get_item then answers from it)")
    }

    /// The first rows of a related list, in one request for their keys (the list's own
    /// lookup by keys: a spec's `by_keys`, the built-in models' ids).
    private func first(of list: MCPRecord.Related, in target: ListTarget) async -> RelatedRows {
        var answer = RelatedRows(list: list)
        let keys = Array(list.keys.prefix(Self.relatedRows))
        guard !keys.isEmpty else { return answer }
        guard let request = target.source.itemsRequest(list.kind, keys: keys) else {
            answer.note = "\(list.title) cannot be fetched by key (its list has no by_keys); the keys are in the record"
            return answer
        }
        let source = target.source
        let result = await RetryingSender(transport: target.opened.transport).send(request) { response throws(PageFailure) in
            try source.decodeItems(list.kind, response)
        }
        switch result {
        case .success(let items):
            let records = items.map { MCPRecord($0, baseURL: target.opened.baseURL) }
            // In the record's order (a server answers by-keys requests in its own).
            answer.rows = keys.compactMap { key in records.first { $0.keyText == key.description } }
            if answer.rows.count < records.count { answer.rows = records }
        case .failure(let failure):
            answer.note = "\(list.title) could not be read: \(failure.message)"
        }
        return answer
    }
}
