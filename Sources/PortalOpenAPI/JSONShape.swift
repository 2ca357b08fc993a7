import Foundation
import PortalCore

/// A JSON document's size, read by the project's one JSON scanner (`JSONNode.parse`,
/// which refuses a tree past its depth or its bytes as it builds it) and then counted,
/// before any decoder walks it: the same bounds as YAML's (`DocumentLimits`), so
/// `{"openapi": …}` and `openapi: …` are refused alike.
enum JSONShape {
    /// The document's tree when it is within `limits`; nil when it is no JSON (the reader
    /// then says why, in the decoder's words).
    static func check(_ data: Data, limits: DocumentLimits) throws(OpenAPIDocumentError) -> JSONSpan? {
        let root: JSONSpan
        do {
            root = try JSONNode.parse(data, limits: JSONNodeLimits(depth: limits.maxDepth))
        } catch {
            guard error.isLimit else { return nil }
            throw error.description.contains("nested") ? limits.tooDeep() : limits.refusal("its values take more memory than allowed")
        }
        var count = 0
        guard within(root.node, limits.maxValues, &count) else { throw limits.tooManyValues() }
        return root
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
