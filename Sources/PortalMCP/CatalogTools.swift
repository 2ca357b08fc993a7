import Foundation
import PortalCore
import PortalJSON

/// `list_apis`, `describe_list` and `count_rows`: what an agent reads before rows.
struct CatalogTools: Sendable {
    let session: MCPSession
    let limits: MCPLimits

    /// Every API with its lists. Opening an API may ask its network once (a `--url` list's
    /// first page, a schema); an API that cannot be opened says why in place of its lists.
    func listAPIs() async -> String {
        let catalog = session.catalog
        // An API slow to open (a sign-in, a schema) is said to be opening, not waited for.
        let wait = max(1, limits.walkSeconds / 2)
        let opened = await withTaskGroup(of: (Int, Result<MCPOpenedAPI, ToolError>?).self) { group in
            for (index, api) in catalog.apis.enumerated() {
                group.addTask { (index, await session.open(api.name, waitingAtMost: wait, clock: limits.clock)) }
            }
            var results: [Int: Result<MCPOpenedAPI, ToolError>] = [:]
            for await (index, result) in group { results[index] = result }
            return results
        }
        var out = AnswerJSON()
        out.beginObject()
        out.key("apis")
        out.beginArray()
        for (index, api) in catalog.apis.enumerated() {
            out.beginObject()
            out.field("name", api.name)
            out.field("title", api.title)
            out.field("origin", api.origin)
            switch opened[index] {
            case .success(let made)?:
                out.key("lists")
                out.beginArray()
                for (tab, name) in made.listNames.enumerated() {
                    guard let target = try? ListTarget(api: api.name, list: name, opened: made) else { continue }
                    let query = ListQuery(kind: made.source.tabs[tab].kind)
                    let facts = await session.facts(of: target.key(query))
                    out.beginObject()
                    out.field("name", name)
                    out.field("title", target.spec.title)
                    out.field("total", facts?.total)
                    out.field("total_exact", facts?.total != nil)
                    out.field("paging", target.style(query))
                    out.field("addressable", target.addressable(query))
                    out.endObject()
                }
                out.endArray()
            case .failure(let error)?:
                out.field("error", error.sentence)
            case nil:
                out.field("error", "still opening after \(wait) s (a sign-in or a schema on a slow server); call list_apis again")
            }
            out.endObject()
        }
        out.endArray()
        out.field("note", "total is null until a list has been read (describe_list, get_rows or count_rows say it)")
        out.endObject()
        return out.text
    }

    /// The list's spec: fields with their type and an example value (from its first page),
    /// filters, sort fields, the key, the card's fields and how it pages.
    func describe(_ args: ToolArguments) async throws(ToolError) -> String {
        let (target, query) = try await Self.target(args, session: session)
        let read = try await RowsReader(session: session, target: target)
            .read(query, from: 1, count: 5, deadline: limits.walkDeadline, clock: limits.clock, progress: { _, _ in })
        let records = read.rows.map(\.record)
        var out = AnswerJSON()
        out.beginObject()
        out.field("api", target.api)
        out.field("list", target.name)
        out.field("title", target.spec.title)
        RowsAnswer.total(read, into: &out)
        out.field("paging", target.style(query))
        out.field("addressable", target.addressable(query))
        if let addressing = PageAddressing(source: target.source, query: query) { out.field("page_size", addressing.pageSize) }
        if let keyed = records.first(where: { $0.key != nil }) {
            let fields = keyed.keyFields
            if fields.count == 1 { out.field("key", fields[0]) } else { out.strings("key", fields) }
        } else {
            out.key("key")
            out.null()
        }
        out.key("fields")
        out.beginArray()
        for field in Self.fields(of: records) {
            out.beginObject()
            out.field("name", field.name)
            out.field("type", AnswerJSON.typeName(field.example))
            if let count = field.example?.node.elements?.count { out.field("example_count", count) }
            out.key("example")
            out.value(field.example, stringLimit: 80, elementLimit: 2)
            out.endObject()
        }
        out.endArray()
        out.key("card_fields")
        out.beginArray()
        for name in records.first.map({ MCPRecord.cardFields(of: $0) }) ?? [] { out.string(name) }
        out.endArray()
        out.key("filters")
        out.beginArray()
        for key in target.filterKeys {
            let filter = target.spec.filters.first { $0.key == key }
            out.beginObject()
            out.field("name", key)
            if let choices = filter?.choices {
                out.key("choices")
                out.beginArray()
                for choice in choices { out.string(choice) }
                out.endArray()
            } else {
                out.field("text", key == target.spec.searchKey ? "a name search" : "free text")
            }
            if let example = filter?.example { out.field("example", example) }
            out.endObject()
        }
        out.endArray()
        out.key("sort_fields")
        out.beginArray()
        if target.sortStyle != nil {
            for field in Self.fields(of: records) where !["array", "object"].contains(AnswerJSON.typeName(field.example)) { out.string(field.name) }
        }
        out.endArray()
        out.key("related")
        out.beginArray()
        for related in records.first?.related ?? [] { out.string(related.title) }
        out.endArray()
        out.endObject()
        return out.text
    }

    /// The server's count of the list with `filters`: exact, estimated, or unknown.
    func count(_ args: ToolArguments) async throws(ToolError) -> String {
        let (target, query) = try await Self.target(args, session: session, filters: true)
        let read = try await RowsReader(session: session, target: target)
            .read(query, from: 1, count: 1, deadline: limits.walkDeadline, clock: limits.clock, progress: { _, _ in })
        var out = AnswerJSON()
        out.beginObject()
        out.field("api", target.api)
        out.field("list", target.name)
        let onePage = !read.hasNext && read.pages == 1
        if let total = read.total {
            out.field("count", total)
            out.field("kind", "exact")
        } else if let estimated = read.estimated {
            out.field("count", estimated)
            out.field("kind", "estimated")
        } else if onePage || read.endsBefore {
            out.field("count", read.reached)
            out.field("kind", "exact")
        } else {
            out.field("count", nil as Int?)
            out.field("kind", "unknown")
            out.field("at_least", read.reached)
            out.field("note", "the server gives no count; get_rows walks the list page by page")
        }
        out.endObject()
        return out.text
    }

    /// The list `api` and `list` name, and its query with `filters` when the tool takes them.
    static func target(_ args: ToolArguments, session: MCPSession, filters: Bool = false) async throws(ToolError) -> (ListTarget, ListQuery) {
        let api = try args.required("api")
        let target = try ListTarget(api: api, list: try args.required("list"), opened: try await session.open(api))
        return (target, try target.query(filters: filters ? try args.pairs("filters") : []))
    }

    /// Each top-level field in the order served, with the first non-null example among `records`.
    static func fields(of records: [MCPRecord]) -> [(name: String, example: JSONSpan?)] {
        var found: [(name: String, example: JSONSpan?)] = []
        for record in records {
            guard case .object(let fields)? = record.json?.node else { continue }
            for field in fields {
                if let index = found.firstIndex(where: { $0.name == field.key }) {
                    if found[index].example.map({ AnswerJSON.typeName($0) == "null" }) ?? true { found[index].example = field.value }
                } else {
                    found.append((field.key, field.value))
                }
            }
        }
        return found
    }
}
