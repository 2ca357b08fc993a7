import Foundation
import PortalCore

// Compiled twice, like FuzzEntryPoints.swift: into fuzz-json-tree and, through a symlink,
// into PortalCoreTests.

extension FuzzEntryPoint {
    /// Limits small enough for a fuzzer's inputs (a few KiB) to reach them: no floor, a
    /// tree of at most 8 times the body, 12 levels.
    public static let tightTreeLimits = JSONNodeLimits(depth: 12, multiple: 8, floor: 0)

    /// `JSONNode.parse`'s amplification bound (docs/fuzzing.md, `fuzz-json-tree`): under
    /// the standard limits and under tight ones, a tree that was built holds at most its
    /// allowance and nests no deeper than allowed, its text is the value as served and
    /// reads back to the same tree; a refusal is one line without a control character.
    public static func jsonTree(_ bytes: [UInt8]) throws {
        for limits in [JSONNodeLimits.standard, tightTreeLimits] {
            let tree: JSONSpan
            do { tree = try JSONNode.parse(Data(bytes), limits: limits) } catch {
                try expectDrawable(error.description, "refusal")
                continue
            }
            let allowance = limits.allowance(bodyBytes: bytes.count)
            guard tree.heldBytes <= allowance else {
                throw FuzzInvariantBroken("tree of \(tree.heldBytes) bytes past the allowance \(allowance) for \(bytes.count)")
            }
            let depth = deepest(tree.node)
            guard depth <= limits.depth else { throw FuzzInvariantBroken("tree \(depth) deep past \(limits.depth)") }
            guard tree.byteCount <= bytes.count else { throw FuzzInvariantBroken("text longer than the body") }
            // (Text is decoded as UTF-8: a body that is not UTF-8 cannot read back the same.)
            guard String(bytes: bytes, encoding: .utf8) != nil else { continue }
            guard let again = try? JSONNode.parse(Data(tree.text.utf8)), again == tree else {
                throw FuzzInvariantBroken("the root's text does not read back to the same tree")
            }
        }
    }

    /// Containers open at the deepest point of `node` (a scalar is 0).
    static func deepest(_ node: JSONNode) -> Int {
        switch node {
        case .array(let items): 1 + (items.map { deepest($0.node) }.max() ?? 0)
        case .object(let fields): 1 + (fields.map { deepest($0.value.node) }.max() ?? 0)
        case .null, .bool, .number, .string: 0
        }
    }
}
