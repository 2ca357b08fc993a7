import Foundation
import OpenAPIKit
import PortalCore
import PortalJSON

/// Reads the paging vendor extensions of one GET operation into a `DeclaredList`:
///
/// - `x-ms-pageable` (AutoRest): `nextLinkName` (null: one page), `itemName` (default `value`);
/// - `x-speakeasy-pagination`: `type` `offsetLimit` (an input of type `offset` or `page`),
///   `cursor` (an input of type `cursor`, `outputs.nextCursor`) or `url`
///   (`outputs.nextUrl`), `outputs.results` for the items;
/// - `x-fern-pagination`: `cursor` + `next_cursor`, or `offset` (+ `step`: an offset, else
///   a page number), `results` for the items;
/// - Stainless' `x-stainless-pagination-property` on parameters and response fields:
///   `purpose` `items`, `next_cursor_param` + `next_cursor_field`, `page_number_param`,
///   `offset_count_param`, `cursor_url_field`, `next_cursor_id_param`.
///
/// JSONPath-like places (`$.data`, `$response.page.next`) are read when they are plain
/// dotted paths; one the reader cannot follow (a filter, the last item's field) leaves
/// that part to detection from the first answer.
public enum VendorPaging {
    public static func declared(
        operation extensions: [String: AnyCodable], queryParameters: [(name: String, extensions: [String: AnyCodable])],
        responseFields: [(path: [String], extensions: [String: AnyCodable])]
    ) -> DeclaredList? {
        if let node = node(extensions["x-ms-pageable"]) { return microsoft(node) }
        if let node = node(extensions["x-speakeasy-pagination"]) { return speakeasy(node) }
        if let node = node(extensions["x-fern-pagination"]) { return fern(node) }
        return stainless(queryParameters: queryParameters, responseFields: responseFields)
    }

    static func microsoft(_ node: JSONNode) -> DeclaredList {
        let items = node["itemName"]?.string ?? "value"
        let paging: DeclaredPaging = if let next = node["nextLinkName"]?.string { .nextURL(path: dotted(next)) } else { .none }
        return DeclaredList(items: dotted(items), paging: paging, source: "x-ms-pageable")
    }

    static func speakeasy(_ node: JSONNode) -> DeclaredList {
        let outputs = node["outputs"]
        let items = outputs?["results"]?.string.flatMap { path($0, prefix: "$") }
        // `in: parameters` (or `query`); a request body's input is not a query parameter.
        let inputs = (node["inputs"]?.elements ?? []).map(\.node).filter { $0["in"]?.string != "requestBody" }
        func input(_ type: String) -> String? { inputs.first { ($0["type"]?.string ?? $0["name"]?.string) == type }?["name"]?.string }
        var paging: DeclaredPaging?
        switch node["type"]?.string {
        case "offsetLimit":
            if let offset = input("offset") { paging = .offset(param: offset) } else if let page = input("page") { paging = .pageNumber(param: page) }
        case "cursor":
            if let param = input("cursor"), let place = outputs?["nextCursor"]?.string.flatMap({ path($0, prefix: "$") }) {
                paging = .cursor(param: param, path: place)
            }
        case "url":
            if let place = outputs?["nextUrl"]?.string.flatMap({ path($0, prefix: "$") }) { paging = .nextURL(path: place) }
        default:
            break
        }
        return DeclaredList(items: items, paging: paging, source: "x-speakeasy-pagination")
    }

    static func fern(_ node: JSONNode) -> DeclaredList {
        let items = node["results"]?.string.flatMap { path($0, prefix: "$response") }
        var paging: DeclaredPaging?
        if let cursor = node["cursor"]?.string.flatMap({ param($0) }),
           let place = node["next_cursor"]?.string.flatMap({ path($0, prefix: "$response") }) {
            paging = .cursor(param: cursor, path: place)
        } else if let offset = node["offset"]?.string.flatMap({ param($0) }) {
            paging = node["step"] == nil ? .pageNumber(param: offset) : .offset(param: offset)
        } else if let next = node["next"]?.string.flatMap({ path($0, prefix: "$response") }) {
            paging = .nextURL(path: next)
        }
        return DeclaredList(items: items, paging: paging, source: "x-fern-pagination")
    }

    static func stainless(
        queryParameters: [(name: String, extensions: [String: AnyCodable])], responseFields: [(path: [String], extensions: [String: AnyCodable])]
    ) -> DeclaredList? {
        func purpose(_ extensions: [String: AnyCodable]) -> String? { node(extensions["x-stainless-pagination-property"])?["purpose"]?.string }
        let params = queryParameters.compactMap { p in purpose(p.extensions).map { (purpose: $0, name: p.name) } }
        let fields = responseFields.compactMap { f in purpose(f.extensions).map { (purpose: $0, path: f.path) } }
        let topLevel = responseFields.contains { $0.path.isEmpty && node($0.extensions["x-stainless-pagination-property"])?["is_top_level_array"]?.bool == true }
        guard !params.isEmpty || !fields.isEmpty || topLevel else { return nil }
        func param(_ wanted: String) -> String? { params.first { $0.purpose == wanted }?.name }
        func field(_ wanted: String) -> [String]? { fields.first { $0.purpose == wanted }?.path }
        var paging: DeclaredPaging?
        if let cursor = param("next_cursor_param"), let place = field("next_cursor_field") {
            paging = .cursor(param: cursor, path: place)
        } else if let url = field("cursor_url_field") {
            paging = .nextURL(path: url)
        } else if let id = param("next_cursor_id_param") {
            paging = .lastItemID(param: id)
        } else if let page = param("page_number_param") {
            paging = .pageNumber(param: page)
        } else if let offset = param("offset_count_param") {
            paging = .offset(param: offset)
        }
        let items = topLevel ? [] : field("items")
        return DeclaredList(items: items, paging: paging, source: "x-stainless-pagination-property")
    }

    // MARK: Places

    /// `$.data.items` (or `$response.data.items` with that prefix) as a path; nil for a
    /// place that is not a plain dotted path (`$.data[-1].id`, a filter).
    static func path(_ text: String, prefix: String) -> [String]? {
        var rest = Substring(text.trimmingCharacters(in: .whitespaces))
        guard rest.hasPrefix(prefix) else { return nil }
        rest = rest.dropFirst(prefix.count)
        if rest.isEmpty { return [] }
        guard rest.hasPrefix(".") else { return nil }
        let keys = rest.dropFirst().split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !keys.contains(where: { $0.isEmpty || $0.contains(where: { "[]()*?@$".contains($0) }) }) else { return nil }
        return keys
    }

    /// `$request.cursor` (Fern) as the parameter's name; nil for a body field (`$request.body.…`).
    static func param(_ text: String) -> String? {
        guard let keys = path(text, prefix: "$request"), keys.count == 1 else { return nil }
        return keys[0]
    }

    /// `nextLink` or `properties.nextLink` (AutoRest names a dotted place).
    static func dotted(_ text: String) -> [String] { text.split(separator: ".").map(String.init) }

    /// A vendor extension's value as JSON (what portal reads answers with).
    static func node(_ value: AnyCodable?) -> JSONNode? {
        guard let value, let data = try? JSONEncoder().encode(value) else { return nil }
        return try? JSONNode.parse(data).node
    }
}
