import Foundation
import PortalCore
import PortalJSON

/// One page of a `PagingStyle` route: which positions the request asks for, and the
/// answer in that style's shape.
struct DialectPage {
    /// The positions a request asks for, or the answer for one that names none.
    enum Window {
        case items(Range<Int>)
        case refused(HTTPResponse)
    }

    let style: PagingStyle
    let query: [(key: String, value: String)]
    let total: Int
    let origin: String
    let path: String

    func value(_ key: String) -> String? { query.first { $0.key == key }?.value }

    /// The page size asked for (the style's parameter), within 1…100.
    var size: Int {
        let key: String = switch style {
        case .link: "per_page"
        case .pages, .hal: "size"
        case .jsonapi: "page[size]"
        case .cursor, .stripe: "limit"
        case .next, .nextNoCount: "page_size"
        }
        guard let text = value(key), let n = Int(text) else { return style.defaultSize }
        return min(max(1, n), 100)
    }

    /// The page number asked for, from 1 (HAL's from 0, returned as is).
    func number(_ key: String, first: Int) -> Int? {
        guard let text = value(key) else { return first }
        guard let n = Int(text), n >= first else { return nil }
        return n
    }

    /// The positions of this page, or the answer for a request that names none.
    func window() -> Window {
        let start: Int
        switch style {
        case .link, .pages, .next:
            let key = "page"
            guard let n = number(key, first: 1) else { return .refused(DialectRoutes.json(400, #"{"detail":"Invalid page."}"#)) }
            start = (n - 1) * size
            if style == .next, start >= total, !(n == 1 && total == 0) {
                return .refused(DialectRoutes.json(404, #"{"detail":"Invalid page."}"#))
            }
        case .jsonapi:
            guard let n = number("page[number]", first: 1) else { return .refused(DialectRoutes.json(400, #"{"errors":[{"status":"400","title":"Invalid page number"}]}"#)) }
            start = (n - 1) * size
        case .hal:
            guard let n = number("page", first: 0) else { return .refused(DialectRoutes.json(400, #"{"message":"Invalid page"}"#)) }
            start = n * size
        case .cursor, .nextNoCount:
            guard let token = value("cursor") else { start = 0; break }
            guard let position = Self.position(fromCursor: token) else {
                return .refused(DialectRoutes.json(400, #"{"detail":"Invalid cursor"}"#))
            }
            start = position
        case .stripe:
            guard let after = value("starting_after") else { start = 0; break }
            // Stripe answers an unknown object with a 404 naming it.
            guard let id = Int(after), let position = PositionLookup.position(ofID: id, total: total) else {
                return .refused(DialectRoutes.json(404, #"{"error":{"type":"invalid_request_error","message":"No such object"}}"#))
            }
            start = position + 1
        }
        let lower = min(max(0, start), total)
        return .items(lower..<min(total, lower + size))
    }

    func answer(items: [[UInt8]], range: Range<Int>) -> HTTPResponse {
        var w = JSONWriter()
        var headers: [String: String] = [:]
        let more = range.upperBound < total
        let pages = max(1, (total + size - 1) / size)
        switch style {
        case .link:
            array(items, &w)
            let n = range.lowerBound / size + 1
            var links: [String] = []
            if more { links.append("<\(url(["page": "\(n + 1)", "per_page": "\(size)"]))>; rel=\"next\"") }
            links.append("<\(url(["page": "\(pages)", "per_page": "\(size)"]))>; rel=\"last\"")
            if n > 1 {
                links.append("<\(url(["page": "1", "per_page": "\(size)"]))>; rel=\"first\"")
                links.append("<\(url(["page": "\(n - 1)", "per_page": "\(size)"]))>; rel=\"prev\"")
            }
            headers["link"] = links.joined(separator: ", ")
        case .pages:
            w.beginObject()
            w.key("items"); array(items, &w)
            w.field("total", total)
            w.field("page", range.lowerBound / size + 1)
            w.field("size", size)
            w.field("pages", pages)
            w.endObject()
        case .next:
            let n = range.lowerBound / size + 1
            w.beginObject()
            w.field("count", total)
            w.field("next", more ? url(["page": "\(n + 1)"] + sizeParam("page_size")) : nil)
            w.field("previous", n > 1 ? url(["page": "\(n - 1)"] + sizeParam("page_size")) : nil)
            w.key("results"); array(items, &w)
            w.endObject()
        case .nextNoCount:
            w.beginObject()
            w.field("next", more ? url(["cursor": Self.cursor(range.upperBound)] + sizeParam("page_size")) : nil)
            w.field("previous", range.lowerBound > 0 ? url(["cursor": Self.cursor(max(0, range.lowerBound - size))] + sizeParam("page_size")) : nil)
            w.key("results"); array(items, &w)
            w.endObject()
        case .cursor:
            w.beginObject()
            w.key("data"); array(items, &w)
            w.field("next_cursor", more ? Self.cursor(range.upperBound) : nil)
            w.endObject()
        case .stripe:
            w.beginObject()
            w.field("object", "list")
            w.key("data"); array(items, &w)
            w.key("has_more"); w.bool(more)
            w.field("url", path)
            w.endObject()
        case .jsonapi:
            let n = range.lowerBound / size + 1
            func page(_ number: Int) -> String { url(["page[number]": "\(number)", "page[size]": "\(size)"]) }
            w.beginObject()
            w.key("data")
            w.beginArray()
            for item in items { resource(item, &w) }
            w.endArray()
            w.key("links")
            w.beginObject()
            w.field("self", page(n))
            w.field("first", page(1))
            w.field("prev", n > 1 ? page(n - 1) : nil)
            w.field("next", more ? page(n + 1) : nil)
            w.field("last", page(pages))
            w.endObject()
            w.key("meta"); w.beginObject(); w.field("total", total); w.endObject()
            w.endObject()
            headers["content-type"] = "application/vnd.api+json"
        case .hal:
            let n = range.lowerBound / size
            func link(_ name: String, _ number: Int) { w.key(name); w.beginObject(); w.field("href", url(["page": "\(number)", "size": "\(size)"])); w.endObject() }
            w.beginObject()
            w.key("_embedded"); w.beginObject(); w.key("characters"); array(items, &w); w.endObject()
            w.key("_links")
            w.beginObject()
            link("self", n)
            link("first", 0)
            if n > 0 { link("prev", n - 1) }
            if more { link("next", n + 1) }
            link("last", pages - 1)
            w.endObject()
            w.key("page")
            w.beginObject()
            w.field("size", size); w.field("totalElements", total); w.field("totalPages", pages); w.field("number", n)
            w.endObject()
            w.endObject()
            headers["content-type"] = "application/hal+json"
        }
        return DialectRoutes.json(200, w.string, headers: headers)
    }

    private func array(_ items: [[UInt8]], _ w: inout JSONWriter) {
        w.beginArray()
        for item in items { w.raw(item) }
        w.endArray()
    }

    /// A character as a JSON:API resource object: `type`, `id` (a string), `attributes`
    /// (the rest).
    private func resource(_ item: [UInt8], _ w: inout JSONWriter) {
        guard let node = try? JSONNode.parse(Data(item)), let fields = node.node.fields else { return }
        w.beginObject()
        w.field("type", "characters")
        w.field("id", fields.first { $0.key == "id" }?.value.text ?? "")
        w.key("attributes")
        w.beginObject()
        for field in fields where field.key != "id" {
            w.key(field.key)
            w.raw(Array(field.value.text.utf8))
        }
        w.endObject()
        w.endObject()
    }

    private func sizeParam(_ key: String) -> [String: String] {
        value(key) == nil ? [:] : [key: "\(size)"]
    }

    /// This route's URL with `params`, in a fixed order (page first).
    private func url(_ params: [String: String]) -> String {
        let order = ["page", "page[number]", "page[size]", "cursor", "per_page", "size", "page_size", "limit", "ordering"]
        // DRF keeps the ordering asked for on its paging links.
        let params = (style == .next || style == .nextNoCount) ? params + (value("ordering").map { ["ordering": $0] } ?? [:]) : params
        let pairs = params.sorted { (order.firstIndex(of: $0.key) ?? 99) < (order.firstIndex(of: $1.key) ?? 99) }
        return origin + path + "?" + pairs.map { QueryString.encode($0.key) + "=" + QueryString.encode($0.value) }.joined(separator: "&")
    }

    /// An opaque token for a position (base64, as DRF's and Slack's look).
    static func cursor(_ position: Int) -> String { Data("p:\(position)".utf8).base64EncodedString() }

    static func position(fromCursor token: String) -> Int? {
        guard let data = Data(base64Encoded: token), let text = String(data: data, encoding: .utf8), text.hasPrefix("p:"),
              let n = Int(text.dropFirst(2)), n >= 0 else { return nil }
        return n
    }
}

private func + (a: [String: String], b: [String: String]) -> [String: String] { a.merging(b) { x, _ in x } }

/// Characters' ids are their positions + 1 in every table the mirror serves (the
/// snapshot's 1…826 and the synthetic `--scale` ones), so `starting_after` finds its
/// place without a scan.
enum PositionLookup {
    static func position(ofID id: Int, total: Int) -> Int? {
        (1...max(1, total)).contains(id) && total > 0 ? id - 1 : nil
    }
}
