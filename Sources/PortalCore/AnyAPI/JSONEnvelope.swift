import Foundation

/// A page's body read once for paging: every value but the items as a `JSONNode` (what a
/// dialect reads: links, cursors, totals), and the items' bytes, found but not parsed,
/// for a preset's typed reader. So a preset's page costs one typed decode of its items
/// and a skim of them, not a tree of every item and then the models.
struct JSONEnvelope {
    /// The body with an empty array where the items are.
    let root: JSONNode
    /// The items' JSON text (an array when the answer is well formed); nil when the body
    /// has no value at the items' path.
    let items: Data?

    /// Reads `data`, whose items are at `path` (empty: the body is the items).
    static func read(_ data: Data, items path: [String]) throws(JSONNodeError) -> JSONEnvelope {
        var scanner = JSONNodeScanner(body: JSONBody([UInt8](data)), limits: .standard)
        var found: Range<Int>?
        let root: JSONNode
        if path.isEmpty {
            scanner.skipSpace()
            let start = scanner.index
            try scanner.skipValue()
            found = start..<scanner.index
            root = .array([])
        } else {
            root = try scanner.object(skipping: path[...], depth: 0, found: &found)
        }
        scanner.skipSpace()
        guard scanner.index == scanner.bytes.count else { throw scanner.fail("text after the JSON value") }
        return JSONEnvelope(root: root, items: found.map { Data(scanner.bytes[$0]) })
    }
}

extension JSONNodeScanner {
    /// The value at `index` as a node, the value at `path` in it skipped (its range put in
    /// `found`, an empty array left in its place). A value that is no object is read whole.
    mutating func object(skipping path: ArraySlice<String>, depth: Int, found: inout Range<Int>?) throws(JSONNodeError) -> JSONNode {
        skipSpace()
        guard let key = path.first, index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return try value(depth: depth).node }
        guard depth < budget.limits.depth else { throw JSONTreeBudget.tooDeep(budget.limits.depth, at: index) }
        index += 1
        var fields: [JSONField] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(fields)
        }
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a key") }
            let name = try string()
            try budget.holdField(key: name, at: index)
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':'") }
            index += 1
            skipSpace()
            let start = index
            // Lookups take the first of duplicate keys, so only the first is skipped.
            if name == key, found == nil, !fields.contains(where: { $0.key == name }) {
                let node: JSONNode
                if path.count == 1 {
                    try skipValue()
                    found = start..<index
                    node = .array([])
                } else {
                    node = try object(skipping: path.dropFirst(), depth: depth + 1, found: &found)
                }
                fields.append(JSONField(key: name, value: JSONSpan(node: node, body: body, range: start..<index)))
            } else {
                fields.append(JSONField(key: name, value: try value(depth: depth + 1)))
            }
            skipSpace()
            guard index < bytes.count else { throw fail("unexpected end") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            guard bytes[index] == UInt8(ascii: "}") else { throw fail("expected ',' or '}'") }
            index += 1
            return .object(fields)
        }
    }

    /// Moves past the value at `index` without building it: brackets counted, strings
    /// skipped whole. Only its ends are checked; the reader of the skipped text checks the rest.
    mutating func skipValue() throws(JSONNodeError) {
        skipSpace()
        guard index < bytes.count else { throw fail("unexpected end") }
        guard bytes[index] == UInt8(ascii: "[") || bytes[index] == UInt8(ascii: "{") else {
            _ = try value(depth: 0)
            return
        }
        // One pass over the bytes without bounds checks per step: the skim is most of a
        // preset page's reading before its models.
        let start = index
        let end: Int? = body.bytes.withUnsafeBufferPointer { bytes in
            var at = start
            var open = 0
            let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
            repeat {
                guard at < bytes.count else { return nil }
                switch bytes[at] {
                case quote:
                    at += 1
                    while at < bytes.count, bytes[at] != quote { at += bytes[at] == backslash ? 2 : 1 }
                    guard at < bytes.count else { return nil }
                case UInt8(ascii: "["), UInt8(ascii: "{"): open += 1
                case UInt8(ascii: "]"), UInt8(ascii: "}"): open -= 1
                default: break
                }
                at += 1
            } while open > 0
            return at
        }
        guard let end else {
            index = bytes.count
            throw fail("unexpected end")
        }
        index = end
    }
}
