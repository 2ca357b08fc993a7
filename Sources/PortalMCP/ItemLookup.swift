import Foundation
import PortalCore
import PortalGraphQL
import PortalPaging
import PortalREST

/// How `get_item` finds any record of a list by its key, in one request, whatever rows
/// were read before. The ways, in the order tried:
/// - the list's own lookup by keys: a list spec's `by_keys` (`/teams?ids={keys}`), the
///   built-in models' ids, an OpenAPI document's `GET /things/{id}` beside the list;
/// - a GraphQL root field taking the record's `id` (`character(id:)`, Relay's `node(id:)`);
/// - REST's convention for a list of any API: `{list URL}/{key}` (a 404 is "no record").
/// A key is a `RecordKey` as written (an integer, a string, several fields), never hashed.
struct ItemLookup: Sendable {
    let target: ListTarget
    let query: ListQuery

    /// The request that asks for `key`, and how its answer is read: the records it holds
    /// (nil: it holds no single record, so the API has no lookup this way).
    struct Way: Sendable {
        let request: HTTPRequest
        /// Said in errors: `by_keys`, `GraphQL character(id:)`, `GET …/{key}`.
        let name: String
        /// A guessed URL is asked once: a server error there says the route takes no such key.
        var once = false
        let decode: @Sendable (HTTPResponse) throws(PageFailure) -> [Item]?
    }

    func way(_ key: RecordKey) -> Way? {
        let kind = target.spec.kind
        let source = target.source
        if let request = source.itemsRequest(kind, keys: [key]) {
            return Way(request: request, name: "its lookup by key") { response throws(PageFailure) in try source.decodeItems(kind, response) }
        }
        if let graphQL = source as? GraphQLSource, let request = graphQL.keyRequest(kind, key: key) {
            let field = graphQL.nested.lookups[kind.rawValue]?.field ?? "id"
            return Way(request: request, name: "GraphQL \(field)(id:)") { response throws(PageFailure) in
                try graphQL.decodeKeyAnswer(kind, response).map { [$0] } ?? []
            }
        }
        let list = (source as? any AnyAPITabsSource)?.anyAPISource(for: query) ?? (source as? AnyAPISource)
        if let list, let request = list.keyPathRequest(key) {
            return Way(request: request, name: "GET {list URL}/{key}", once: true) { response throws(PageFailure) in
                try list.decodeKeyPath(response).map { [$0] }
            }
        }
        return nil
    }

    /// The record `key` names, asked in one request; nil when the list has no way to
    /// look records up (the caller may still know it from rows read).
    func find(_ key: RecordKey) async throws(ToolError) -> Item? {
        guard let way = way(key) else { return nil }
        let sender = RetryingSender(transport: target.opened.transport)
        let result = way.once ? await sender.sendOnce(way.request, decode: way.decode) : await sender.send(way.request, decode: way.decode)
        let said = Sanitize.line(key.description, limit: 60)
        switch result {
        case .success(let items?):
            let baseURL = target.opened.baseURL
            let records = items.map { MCPRecord($0, baseURL: baseURL) }
            if let found = records.first(where: { $0.keyText == key.description }) { return found.item }
            // The one record answered at its own URL, with no key field to compare.
            if records.count == 1, records[0].recordKey == nil { return records[0].item }
            throw ToolError("\(target.name) has no record with key \(said)")
        case .success(nil):
            throw ToolError("\(target.api) does not answer \(way.name) with one record (\(Sanitize.line(URLRedaction.redacted(way.request.url.absoluteString), limit: 120))), so \(target.name) cannot be looked up by key; find the row with get_rows, then get_item answers from it")
        case .failure(let failure):
            if case .http(404) = failure.kind { throw ToolError("\(target.name) has no record with key \(said) (\(way.name) answered 404)") }
            throw ToolError("\(target.name) \(said) could not be read: \(failure.message)")
        }
    }
}
