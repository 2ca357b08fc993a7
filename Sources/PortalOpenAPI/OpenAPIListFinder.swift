import Foundation
import OpenAPIKit
import PortalCore

/// Finds the lists a document describes (`OpenAPIList`): each GET operation that needs no
/// path parameter (and no required query parameter without a default) and whose success
/// answer is JSON holding a list; its URL on the first server (`servers` of the
/// operation, its path or the document, relative to where the document was read; the
/// document's own origin when none), its paging, filters, search and item lookup.
public enum OpenAPIListFinder {
    /// Query parameters that page rather than filter: never in the `f` form.
    static let pagingParameters: Set<String> = [
        "page", "page_size", "pagesize", "pageSize", "per_page", "perPage", "size", "limit", "offset", "skip", "take", "start",
        "cursor", "after", "before", "starting_after", "ending_before", "page_token", "pageToken", "next", "count",
    ]
    /// Query parameters that shape the answer rather than choose rows: never a filter.
    static let shapingParameters: Set<String> = [
        "sort", "sort_by", "sortBy", "order", "order_by", "orderBy", "ordering", "fields", "expand", "include", "exclude", "format",
    ]
    /// Query parameters taken for the `/` search, in the order tried.
    static let searchParameters = ["search", "q", "query", "name"]

    public static func lists(in document: OpenAPI.Document, documentURL: URL?) throws(OpenAPIDocumentError) -> [OpenAPIList] {
        let shapes = SchemaShapes(components: document.components)
        var found: [(list: OpenAPIList, segment: String?)] = []
        var items: [String: JSONSchema] = [:]
        var details: [(path: String, param: String, servers: [OpenAPI.Server]?)] = []
        for (path, either) in document.paths {
            guard let item = try? document.components.lookup(either), let get = item.get else { continue }
            let raw = "/" + path.rawValue.drop { $0 == "/" }
            let servers = get.servers ?? item.servers ?? document.servers
            let params = (item.parameters + get.parameters).compactMap { try? document.components.lookup($0) }
            let segments = raw.split(separator: "/").map(String.init)
            if let last = segments.last, isParameter(last), !segments.dropLast().contains(where: isParameter) {
                details.append((raw, String(last.dropFirst().dropLast()), servers))
                continue
            }
            guard !segments.contains(where: isParameter), !needsInput(params, shapes: shapes) else { continue }
            guard let schema = successSchema(get, components: document.components) else { continue }
            let query = params.filter { $0.location == .query }
            let querySchemas = query.map { ($0, $0.schemaOrContent.a.flatMap { shapes.resolved($0.schema) }) }
            var declared = VendorPaging.declared(
                operation: get.vendorExtensions,
                queryParameters: querySchemas.map { ($0.0.name, $0.0.vendorExtensions.merging($0.1?.vendorExtensions ?? [:]) { a, _ in a }) },
                responseFields: shapes.fieldExtensions(schema))
            let itemsPath = declared?.items ?? shapes.itemsPath(schema)
            guard let itemsPath else { continue }
            if declared == nil { declared = DeclaredList(items: itemsPath, source: "the response schema") }
            declared?.items = itemsPath
            if declared?.paging == nil {
                let integers = querySchemas.filter { $0.1.map { $0.isInteger || $0.isNumber } == true }.map(\.0.name)
                declared?.fromParameters = (integers.first { ["offset", "skip", "start"].contains($0) }).map { .offset(param: $0) }
                    ?? (integers.contains("page") ? .pageNumber(param: "page") : nil)
            }
            let server = try serverURL(servers, documentURL: documentURL)
            guard let url = URL(string: server.absoluteString + raw) else { continue }
            var list = OpenAPIList(name: "", path: raw, operationID: get.operationId.map(Sanitize.line), url: url, declared: declared)
            list.searchKey = searchParameters.first { name in querySchemas.contains { $0.0.name == name && $0.1.map(shapes.isText) == true } }
            let pagedBy = declared?.paging.map(pagingParameter) ?? nil
            list.filters = querySchemas.compactMap { parameter, schema in
                guard parameter.name != list.searchKey, parameter.name != pagedBy, !pagingParameters.contains(parameter.name),
                      let schema, let choices = shapes.choices(schema) else { return nil }
                return FilterSpec(key: parameter.name, label: Sanitize.line(parameter.name), choices: choices)
            }
            list.textParameters = querySchemas.compactMap { parameter, schema in
                guard parameter.name != list.searchKey, parameter.name != pagedBy, !pagingParameters.contains(parameter.name),
                      !shapingParameters.contains(parameter.name), let schema, shapes.choices(schema) == nil, shapes.isText(schema)
                else { return nil }
                return parameter.name
            }
            items[raw] = shapes.itemSchema(schema, items: itemsPath)
            found.append((list, segments.last { !isParameter($0) }))
        }
        var lists = named(found)
        for index in lists.indices {
            let base = trimmed(lists[index].path)
            guard let detail = details.first(where: { trimmed($0.path) == base + "/{\($0.param)}" }) else { continue }
            let field = items[lists[index].path].map { shapes.properties($0).contains { $0.name == detail.param } } == true ? detail.param : "id"
            let server = try serverURL(detail.servers, documentURL: documentURL)
            lists[index].detail = OpenAPIDetail(template: server.absoluteString + detail.path, param: detail.param, field: field)
        }
        return lists
    }

    /// Names from the last plain segment; where two share one, each of those takes its
    /// operationId (else its plain segments joined), and a number if still taken.
    static func named(_ found: [(list: OpenAPIList, segment: String?)]) -> [OpenAPIList] {
        let base = found.map { Sanitize.line($0.segment ?? "items") }
        var taken: Set<String> = []
        return found.enumerated().map { index, entry in
            var list = entry.list
            var name = base[index]
            if base.filter({ $0 == name }).count > 1 {
                name = list.operationID ?? list.path.split(separator: "/").filter { !isParameter($0) }.joined(separator: "-")
            }
            var unique = name
            var number = 2
            while taken.contains(unique) {
                unique = "\(name)-\(number)"
                number += 1
            }
            taken.insert(unique)
            list.name = unique
            return list
        }
    }

    /// A path without its trailing slashes.
    static func trimmed(_ path: String) -> String {
        var path = path
        while path.hasSuffix("/") { path.removeLast() }
        return path
    }

    static func isParameter(_ segment: some StringProtocol) -> Bool { segment.hasPrefix("{") && segment.hasSuffix("}") }

    /// A required query parameter with no default: the list cannot be asked for as is.
    static func needsInput(_ params: [OpenAPI.Parameter], shapes: SchemaShapes) -> Bool {
        params.contains { p in
            p.location == .query && p.required && p.schemaOrContent.a.flatMap { shapes.resolved($0.schema) }?.defaultValue == nil
        }
    }

    /// The JSON schema of the 200 answer (else the first 2xx, else `default`).
    static func successSchema(_ operation: OpenAPI.Operation, components: OpenAPI.Components) -> JSONSchema? {
        let responses = operation.responses
        let chosen = responses[.status(code: 200)] ?? responses.first { $0.key.isSuccess }?.value ?? responses[.default]
        guard let chosen, let response = try? components.lookup(chosen) else { return nil }
        let json = response.content.first { $0.key.typeAndSubtype.contains("json") }?.value
        guard let json, let content = try? components.lookup(json) else { return nil }
        return content.schema
    }

    /// The parameter a declared paging moves (never a filter).
    static func pagingParameter(_ paging: DeclaredPaging) -> String? {
        switch paging {
        case .cursor(let param, _), .offset(let param), .pageNumber(let param), .lastItemID(let param): param
        case .nextURL, .none: nil
        }
    }

    /// The first server's URL (variables at their defaults) resolved against the
    /// document's URL; the document's origin when there is none. A document read from a
    /// file needs an absolute one.
    static func serverURL(_ servers: [OpenAPI.Server]?, documentURL: URL?) throws(OpenAPIDocumentError) -> URL {
        var text = "/"
        if let server = servers?.first {
            let values = Dictionary(server.variables.map { ($0.key, $0.value.default) }) { a, _ in a }
            text = server.urlTemplate.replacing(values).absoluteString
        }
        while text.count > 1, text.hasSuffix("/") { text.removeLast() }
        if text == "/" { text = "" }
        let resolved = documentURL.flatMap { URL(string: text.isEmpty ? "/" : text, relativeTo: $0)?.absoluteURL } ?? URL(string: text)
        guard let resolved, let scheme = resolved.scheme?.lowercased(), ["http", "https"].contains(scheme), resolved.host != nil else {
            throw OpenAPIDocumentError(documentURL == nil
                ? "the document names no absolute http(s) server URL (servers: [{url: https://…}]); a document read from a file needs one"
                : "the server URL '\(Sanitize.line(text))' is not an http(s) URL")
        }
        var absolute = resolved.absoluteString
        while absolute.hasSuffix("/") { absolute.removeLast() }
        return URL(string: absolute) ?? resolved
    }
}
