import Foundation

/// A page's body read once for paging: every value but the items as a `JSONNode` (what a
/// dialect reads: links, cursors, totals), and the items' bytes, found but not parsed,
/// for a preset's typed reader. So a preset's page costs one typed decode of its items
/// and a skim of them, not a tree of every item and then the models. The tree is
/// `JSONNode.parse`'s own scanner, told which value to skim. Public for `fuzz-json-tree`,
/// which checks it against `JSONNode.parse` of the same body.
public struct JSONEnvelope: Sendable {
    /// The body with an empty array where the items are.
    public let root: JSONNode
    /// The items' JSON text (an array when the answer is well formed); nil when the body
    /// has no value at the items' path.
    public let items: Data?

    /// Reads `data`, whose items are at `path` (empty: the body is the items).
    public static func read(_ data: Data, items path: [String]) throws(JSONNodeError) -> JSONEnvelope {
        var scanner = JSONNodeScanner(body: JSONBody([UInt8](data)), limits: .standard, skimming: path)
        let root: JSONNode
        let found: Range<Int>?
        if path.isEmpty {
            scanner.skipSpace()
            let start = scanner.index
            try scanner.skipValue()
            found = start..<scanner.index
            root = .array([])
        } else {
            root = try scanner.value(depth: 0, onSkimPath: true).node
            found = scanner.skimmed
        }
        scanner.skipSpace()
        guard scanner.index == scanner.bytes.count else { throw scanner.fail("text after the JSON value") }
        return JSONEnvelope(root: root, items: found.map { Data(scanner.bytes[$0]) })
    }
}
