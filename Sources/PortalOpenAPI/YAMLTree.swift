import Foundation
import PortalCore
import Yams

/// A YAML document composed once (after `YAMLShape` checked its size) and given to the
/// decoder with its tags made plain: every mapping key untagged, and every value's tag
/// that is not one of YAML's own (`tag:yaml.org,2002:…`) left to be resolved from the text.
/// A key written with a tag (`!x get: …`) is not found by the decoder's lookup, and
/// OpenAPIKit, describing that failure under a path item, trapped (it takes a coding path
/// of two keys for granted): `portal --openapi` crashed (found by fuzz-openapi). Shared
/// nodes (anchors) stay shared.
enum YAMLTree {
    static func compose(_ data: Data) throws(OpenAPIDocumentError) -> Node {
        let composed: Node?
        do {
            composed = try Yams.compose(yaml: String(decoding: data, as: UTF8.self))
        } catch {
            throw OpenAPIDocumentError("not an OpenAPI document (neither JSON nor YAML holding an object): " + OpenAPIDocumentReader.describe(error))
        }
        guard let composed else { throw OpenAPIDocumentError("not an OpenAPI document: the file is empty") }
        var plain = Plain()
        return plain.node(composed, isKey: false)
    }

    /// The walk, remembering each anchored node made plain by where it was written.
    private struct Plain {
        var made: [String: Node] = [:]

        mutating func node(_ node: Node, isKey: Bool) -> Node {
            switch node {
            case .scalar(let scalar):
                return .scalar(Node.Scalar(scalar.string, tag(scalar.tag, isKey: isKey), scalar.style, scalar.mark))
            case .mapping(let mapping):
                return remembered(mapping.anchor, mapping.mark) { plain in
                    let pairs = mapping.map { (plain.node($0.key, isKey: true), plain.node($0.value, isKey: false)) }
                    return .mapping(Node.Mapping(pairs, plain.tag(mapping.tag, isKey: isKey), mapping.style, mapping.mark))
                }
            case .sequence(let sequence):
                return remembered(sequence.anchor, sequence.mark) { plain in
                    let nodes = sequence.map { plain.node($0, isKey: false) }
                    return .sequence(Node.Sequence(nodes, plain.tag(sequence.tag, isKey: isKey), sequence.style, sequence.mark))
                }
            case .alias:
                return node
            }
        }

        private mutating func remembered(_ anchor: Anchor?, _ mark: Mark?, _ make: (inout Plain) -> Node) -> Node {
            guard anchor != nil, let mark else { return make(&self) }
            let key = "\(mark.line):\(mark.column)"
            if let known = made[key] { return known }
            let node = make(&self)
            made[key] = node
            return node
        }

        func tag(_ tag: Tag, isKey: Bool) -> Tag {
            isKey || !tag.rawValue.hasPrefix("tag:yaml.org,2002:") ? Tag(.implicit) : tag
        }
    }
}
