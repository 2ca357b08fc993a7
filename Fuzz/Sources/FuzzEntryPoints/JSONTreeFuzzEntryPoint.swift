import Foundation
import PortalCore
import PortalJSON

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
            if limits == .standard { try envelopeAgrees(bytes, with: tree) }
        }
    }

    /// `JSONEnvelope` (a preset page's read: the same scanner told to skim the items) of a
    /// body `JSONNode.parse` read, with the items at its first key: it reads too (it builds
    /// less), its items are that value's text, and its tree is the parsed one with an empty
    /// array in their place.
    static func envelopeAgrees(_ bytes: [UInt8], with tree: JSONSpan) throws {
        guard case .object(let fields) = tree.node, let key = fields.first?.key else { return }
        let envelope: JSONEnvelope
        do { envelope = try JSONEnvelope.read(Data(bytes), items: [key]) } catch {
            throw FuzzInvariantBroken("the envelope refused a body the tree read: \(error)")
        }
        guard envelope.items == Data(fields[0].value.text.utf8) else { throw FuzzInvariantBroken("the envelope's items are not the value's text") }
        var skimmed = fields
        skimmed[0].value.node = .array([])
        guard envelope.root == .object(skimmed) else { throw FuzzInvariantBroken("the envelope's tree is not the parsed tree without its items") }
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
