import Foundation
import PortalCore
import PortalJSON

/// A JSON document's size, read by the project's one JSON scanner (`JSONNode.parse`,
/// which refuses a tree past its depth or its bytes as it builds it) and then counted,
/// before any decoder walks it: the same bounds as YAML's (`DocumentLimits`), so
/// `{"openapi": …}` and `openapi: …` are refused alike.
enum JSONShape {
    /// The document's tree when it is JSON within `limits`. Text that is no JSON is refused
    /// here, in the scanner's words, and never reaches the decoder (see `canonical`).
    static func check(_ data: Data, limits: DocumentLimits) throws(OpenAPIDocumentError) -> JSONSpan {
        let root: JSONSpan
        do {
            root = try JSONNode.parse(data, limits: JSONNodeLimits(depth: limits.maxDepth))
        } catch {
            guard error.isLimit else {
                throw OpenAPIDocumentError("not an OpenAPI document (neither JSON nor YAML holding an object): \(Sanitize.line(error.description, limit: 200))")
            }
            throw error.description.contains("nested") ? limits.tooDeep() : limits.refusal("its values take more memory than allowed")
        }
        var count = 0
        guard within(root.node, limits.maxValues, &count) else { throw limits.tooManyValues() }
        return root
    }

    /// The tree written again as the JSON the decoder reads: strings as valid UTF-8 (the
    /// scanner's repairs of bytes that are no UTF-8 and of lone surrogates kept), numbers
    /// that are no finite number (`1e999`) as strings. Foundation's decoder checks a
    /// string or a number only when a value is decoded, and OpenAPIKit, describing such a
    /// failure under an operation or a response, trapped (it takes a coding path of at
    /// least three keys for granted): a NUL, a byte 0xFF, `\ud800` or `1e999` under a
    /// key an operation does not know crashed portal (found by fuzz-openapi).
    static func canonical(_ root: JSONSpan) -> Data {
        var writer = JSONWriter(reserving: root.byteCount)
        write(root.node, into: &writer)
        return Data(writer.bytes)
    }

    private static func write(_ node: JSONNode, into writer: inout JSONWriter) {
        switch node {
        case .null: writer.null()
        case .bool(let value): writer.bool(value)
        case .string(let text): writer.string(text)
        case .number(let text):
            if let value = Double(text), value.isFinite { writer.raw(text.utf8) } else { writer.string(text) }
        case .array(let items):
            writer.beginArray()
            for item in items { write(item.node, into: &writer) }
            writer.endArray()
        case .object(let fields):
            writer.beginObject()
            for field in fields {
                writer.key(field.key)
                write(field.value.node, into: &writer)
            }
            writer.endObject()
        }
    }

    /// Counts `node`'s values into `count`; false once past `limit` (depth is bounded by the parse).
    private static func within(_ node: JSONNode, _ limit: Int, _ count: inout Int) -> Bool {
        count += 1
        guard count <= limit else { return false }
        switch node {
        case .array(let items): return items.allSatisfy { within($0.node, limit, &count) }
        case .object(let fields): return fields.allSatisfy { count += 1; return within($0.value.node, limit, &count) }
        default: return true
        }
    }
}
