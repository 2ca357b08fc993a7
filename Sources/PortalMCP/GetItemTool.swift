import Foundation
import PortalCore

/// `get_item`: one record by its key, whole (strings cut only to keep the answer under its
/// byte cap), with each related list as its count and first rows — asked in one request
/// where the API answers many keys at once.
struct GetItemTool: Sendable {
    let session: MCPSession
    let limits: MCPLimits

    /// Rows of each related list shown with the record.
    static let relatedRows = 5

    func call(_ args: ToolArguments) async throws(ToolError) -> String {
        let (target, _) = try await CatalogTools.target(args, session: session)
        let key = try args.required("key")
        let record = MCPRecord(try await item(key, in: target), baseURL: target.opened.baseURL)
        var related: [(MCPRecord.Related, [MCPRecord])] = []
        for list in record.related {
            related.append((list, try await first(of: list, in: target)))
        }
        for stringLimit in [4_000, 400, 80] {
            let text = answer(target, key: key, record, related, stringLimit: stringLimit)
            if text.utf8.count <= limits.answerBytes || stringLimit == 80 { return text }
        }
        return ""
    }

    private func answer(_ target: ListTarget, key: String, _ record: MCPRecord, _ related: [(MCPRecord.Related, [MCPRecord])], stringLimit: Int) -> String {
        var out = AnswerJSON()
        out.beginObject()
        out.field("api", target.api)
        out.field("list", target.name)
        out.key("key")
        if let raw = record.key { out.raw(raw) } else { out.string(key) }
        out.key("record")
        out.value(record.json, stringLimit: stringLimit)
        out.key("related")
        out.beginArray()
        for (list, rows) in related {
            out.beginObject()
            out.field("name", list.title)
            out.field("count", list.ids.count)
            let columns = rows.first.map { MCPRecord.cardFields(of: $0) } ?? []
            out.strings("columns", columns)
            out.key("rows")
            out.beginArray()
            for row in rows { out.raw(AnswerJSON.row(row, columns, stringLimit: min(stringLimit, limits.rowStringLimit)).text) }
            out.endArray()
            out.endObject()
        }
        out.endArray()
        if stringLimit < 4_000 { out.field("note", "strings cut to \(stringLimit) characters to keep the answer under \(limits.answerBytes) bytes") }
        out.endObject()
        return out.text
    }

    /// The record `key` names: looked up by the API when it can (one request, the caches
    /// answering a second), else one this session read already.
    private func item(_ key: String, in target: ListTarget) async throws(ToolError) -> Item {
        let kind = target.spec.kind
        if let id = MCPRecord.lookupID(key), let request = target.source.itemsRequest(kind, ids: [id]) {
            let source = target.source
            let result = await RetryingSender(transport: target.opened.transport).send(request) { response throws(PageFailure) in
                try source.decodeItems(kind, response)
            }
            switch result {
            case .success(let items):
                guard let found = items.first(where: { MCPRecord(_: $0, baseURL: target.opened.baseURL).keyText == key }) ?? items.first else {
                    throw ToolError("\(target.name) has no record with key \(Sanitize.line(key, limit: 40))")
                }
                return found
            case .failure(let failure):
                if case .http(404) = failure.kind { throw ToolError("\(target.name) has no record with key \(Sanitize.line(key, limit: 40))") }
                throw ToolError("\(target.name) \(Sanitize.line(key, limit: 40)) could not be read: \(failure.message)")
            }
        }
        if let item = await session.seen(api: target.api, list: target.name, key: key) { return item }
        throw ToolError("\(target.api) cannot look \(target.name) up by key, and no row with key \(Sanitize.line(key, limit: 40)) has been read in this session: find it with get_rows (fields names the columns; get_item then answers from it)")
    }

    /// The first rows of a related list, in one request for their keys.
    private func first(of list: MCPRecord.Related, in target: ListTarget) async throws(ToolError) -> [MCPRecord] {
        let ids = Array(list.ids.prefix(Self.relatedRows))
        guard !ids.isEmpty, let request = target.source.itemsRequest(list.kind, ids: ids) else { return [] }
        let source = target.source
        let result = await RetryingSender(transport: target.opened.transport).send(request) { response throws(PageFailure) in
            try source.decodeItems(list.kind, response)
        }
        switch result {
        case .success(let items): return items.map { MCPRecord($0, baseURL: target.opened.baseURL) }
        case .failure(let failure): throw ToolError("\(list.title) could not be read: \(failure.message)")
        }
    }
}
